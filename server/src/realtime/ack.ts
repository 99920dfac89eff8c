import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { STORABLE_MSG, findNul } from '@exam/shared';
import type { Logger } from '../logger';
import { dbOutageOf } from '../db/outage';
import { AppError } from '../errors';

type AckFn = (response: unknown) => void;

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
  log: Logger,
  event: string,
  schema: S,
  handler: (input: z.output<S>, socket: Socket) => Promise<object>,
): void {
  if (handlers.has(event)) throw new Error(`Two handlers for the socket event ${event}`);
  handlers.set(event, async (socket, payload, ack) => {
    const reply: AckFn = typeof ack === 'function' ? ack : () => undefined;
    // As for REST (middleware/storableInput.ts): text the database cannot store is refused here, for every event.
    if (findNul(payload) !== undefined) {
      reply({ ok: false, code: 'invalid', message: STORABLE_MSG.nul });
      return;
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      reply({ ok: false, code: 'invalid', message: parsed.error.issues[0]?.message ?? 'Invalid payload' });
      return;
    }
    try {
      reply(await handler(parsed.data, socket));
    } catch (err) {
      if (err instanceof AppError) {
        reply({ ok: false, code: err.id, message: err.message });
        return;
      }
      if (!dbOutageOf(log)?.failed(err)) log.error({ err, event }, 'socket handler failed');
      reply({ ok: false, code: 'error', message: 'Server error. Please try again later.' });
    }
  });
}
