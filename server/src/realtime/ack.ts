import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { MSG, VALIDATION_MSG, findUnstorable } from '@exam/shared';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { translateMessage, translateRef } from '../i18n/translator';
import { parseOptions } from '../i18n/zodErrors';
import type { SocketData } from './socketData';

export type AckFn = (response: unknown) => void;

/** What an event's handler gets: the socket it came from, whose `data` holds who is asking. */
export type SocketHandler = (socket: Socket, payload: unknown, ack?: AckFn) => void;

/**
 * Every socket event's handler, built once per server and shared by all its sockets. Per-socket
 * closures for some twenty events were most of what a connected student cost in memory; the
 * table costs nothing per socket (see socketServer.ts, which dispatches to it).
 */
export type SocketHandlers = Map<string, SocketHandler>;

/**
 * Adds a handler whose payload is parsed with its zod schema and whose every outcome, success or
 * failure, goes back through the acknowledgement.
 */
export function onAck<S extends z.ZodType>(
  handlers: SocketHandlers,
  { log, dbOutage }: Pick<Deps, 'log' | 'dbOutage'>,
  event: string,
  schema: S,
  handler: (input: z.output<S>, socket: Socket) => Promise<object>,
): void {
  if (handlers.has(event)) throw new Error(`Two handlers for the socket event ${event}`);
  handlers.set(event, async (socket, payload, ack) => {
    // Every failure's message in the socket user's language (see socketServer.ts).
    const language = (socket.data as Partial<SocketData>).auth?.language;
    // As for REST (middleware/storableInput.ts): text the database cannot store (a NUL, a lone
    // surrogate) is refused here, for every event, before it can fail a statement.
    const unstorable = findUnstorable(payload);
    if (unstorable) {
      reply(ack, language, { ok: false, code: 'invalid', message: unstorable.message });
      return;
    }
    const parsed = schema.safeParse(payload, parseOptions(language));
    if (!parsed.success) {
      reply(ack, language, { ok: false, code: 'invalid', message: parsed.error.issues[0]?.message ?? VALIDATION_MSG.invalidPayload });
      return;
    }
    try {
      reply(ack, language, await handler(parsed.data, socket));
    } catch (err) {
      if (err instanceof AppError) {
        reply(ack, undefined, { ok: false, code: err.id, message: err.text && language && language !== 'en' ? translateRef(language, err.text) : translateMessage(language, err.message) });
        return;
      }
      if (!dbOutage.failed(err)) log.error({ err, event }, 'socket handler failed');
      reply(ack, language, { ok: false, code: 'error', message: MSG.serverError });
    }
  });
}

/**
 * Answers through the acknowledgement, if the client asked for one, with a failure's message in
 * `language` (undefined: as it is). Plain functions rather than closures per event: at thousands of
 * saves a second what each event allocates is what the garbage collector promotes.
 */
function reply(ack: AckFn | undefined, language: string | undefined, response: unknown): void {
  if (typeof ack === 'function') ack(translatedAck(language, response));
}

/** A failed ack's message in a language; successes and English as they are. */
function translatedAck(language: string | undefined, response: unknown): unknown {
  if (!language || language === 'en' || !response || typeof response !== 'object') return response;
  const r = response as { ok?: unknown; message?: unknown };
  return r.ok === false && typeof r.message === 'string' ? { ...r, message: translateMessage(language, r.message) } : response;
}
