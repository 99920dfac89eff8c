import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { STORABLE_MSG, findNul } from '@exam/shared';
import type { Logger } from '../logger';
import { dbOutageOf } from '../db/outage';
import { AppError } from '../errors';

type AckFn = (response: unknown) => void;

/**
 * Registers a handler whose payload is parsed with its zod schema and whose every outcome,
 * success or failure, goes back through the acknowledgement.
 */
export function onAck<S extends z.ZodType>(
  socket: Socket,
  log: Logger,
  event: string,
  schema: S,
  handler: (input: z.output<S>) => Promise<object>,
): void {
  socket.on(event, async (payload: unknown, ack?: AckFn) => {
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
      reply(await handler(parsed.data));
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
