import { z } from 'zod';

/** A time as the server writes it in every message. */
export const isoTime = z.iso.datetime().describe('ISO 8601 time by the server clock');
