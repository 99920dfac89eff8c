import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long a statement may keep its caller waiting before pg gives up on it ("Query read
 * timeout"), for the code running inside `withStatementDeadline`. Outside any, the pool's own
 * deadline holds (createDb's `statementTimeoutMs`). A PostgreSQL that hangs (frozen, or its host
 * unreachable without a reset) never answers and never closes the connection: without a deadline
 * a request, a save or a handshake waited for as long as the hang lasted.
 */
const scope = new AsyncLocalStorage<number>();

/**
 * The deadline of the statements `fn` runs (directly or through anything it awaits). A knex query
 * runs only when awaited, so what `fn` returns is awaited inside the scope too.
 */
export function withStatementDeadline<T>(ms: number, fn: () => T | PromiseLike<T>): Promise<T> {
  return scope.run(ms, async () => await fn());
}

/** The deadline in force here, if a scope set one. */
export function statementDeadline(): number | undefined {
  return scope.getStore();
}
