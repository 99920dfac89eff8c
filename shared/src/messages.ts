import { messageKeyOf } from './i18n/messageKey';
import messages from './locales/en/messages.json' with { type: 'json' };

/**
 * User-facing texts, in one place so web and server say the same thing. The English catalogue
 * (locales/en/messages.json) is their source: keys are stable ids, values the English words; the other languages' catalogues translate the same keys.
 */
export const MSG = messages.common;
export type MessageKey = keyof typeof MSG;

/** Generic input checks shared by many schemas (page, limit, sort, choices, lengths). */
export const VALIDATION_MSG = messages.validation;
/** The labels of the exam cards' actions (see cardActions.ts). */
export const CARD_ACTION_MSG = messages.cards;
/** Texts only the server says (outages, database conflicts, malformed requests). */
export const SERVER_MSG = messages.server;
export const NOTIFICATION_MSG = messages.notifications;
/** The progress report's refusals. */
export const REPORT_MSG = messages.reports;

/**
 * A catalogue text with its {{placeholders}} filled, in English: the message a schema or the
 * server gives when the text carries values ('Must be at most 100 characters'). Whoever shows it
 * to a reader finds its key and values again with `messageOf` and translates it.
 */
export function fillMessage(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A catalogue key and the values its English text was filled with. */
export interface MessageRef {
  key: string;
  values?: Record<string, string | number>;
}

type Tree = { [key: string]: string | Tree };
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
}

let templates: Template[] | undefined;

function collectTemplates(tree: Tree, prefix: string, into: Template[], seen: Set<string>): Template[] {
  for (const [k, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof value !== 'string') {
      collectTemplates(value, path, into, seen);
      continue;
    }
    if (!value.includes('{{') || seen.has(value)) continue;
    seen.add(value);
    const names: string[] = [];
    const source = value
      .split(/(\{\{\s*\w+\s*\}\})/)
      .map((part) => {
        const m = /^\{\{\s*(\w+)\s*\}\}$/.exec(part);
        if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1]!);
        return '([\\s\\S]+?)';
      })
      .join('');
    into.push({ key: path.replace(PLURAL_SUFFIX, ''), pattern: new RegExp(`^${source}$`), names });
  }
  return into;
}

/**
 * The catalogue key of an English text, with the values it was filled with when it came from a
 * text with placeholders ('Extend by at most 120 minutes' → session.extendAtMost, { max: 120 }).
 * A text we do not know (a name, a value) has none.
 */
export function messageOf(text: string): MessageRef | undefined {
  const key = messageKeyOf(text);
  if (key) return { key };
  templates ??= collectTemplates(messages as Tree, '', [], new Set());
  for (const t of templates) {
    const m = t.pattern.exec(text);
    if (!m) continue;
    const values: Record<string, string | number> = {};
    t.names.forEach((name, i) => {
      const v = m[i + 1]!;
      values[name] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
    });
    return { key: t.key, values };
  }
  return undefined;
}
