/**
 * The password hasher's own process (see hashProcess.ts). It answers `{ id, op, ... }` messages
 * from its parent with `{ id, value }` or `{ id, error }`, and ends when the parent goes.
 */
import argon2 from 'argon2';
import type { HashReply, HashRequest } from './hashProtocol';

async function answer(req: HashRequest): Promise<HashReply> {
  try {
    if (req.op === 'hash') return { id: req.id, value: await argon2.hash(req.password, req.options) };
    return { id: req.id, value: await argon2.verify(req.hash, req.password).catch(() => false) };
  } catch (err) {
    return { id: req.id, error: err instanceof Error ? err.message : String(err) };
  }
}

process.on('message', (req: HashRequest) => {
  void answer(req).then((reply) => process.send?.(reply));
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
