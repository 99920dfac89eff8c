import messages from './locales/en/messages.json';

/**
 * User-facing texts of the spec, in one place so web and server say the same thing. The English
 * catalogue (locales/en/messages.json) is their source: keys are stable ids, values the spec's
 * words as written; the other languages' catalogues translate the same keys.
 */
export const MSG = messages.common;
export type MessageKey = keyof typeof MSG;
