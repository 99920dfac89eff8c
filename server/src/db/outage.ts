import type { Knex } from 'knex';
import type { Db } from './index';
import type { Logger } from '../logger';
import { withStatementDeadline } from './deadlines';

/**
 * Errors that mean "the database cannot be reached right now", as opposed to a bad statement:
 * refused or dropped connections, a server shutting down or starting, no free connection, and a
 * server that does not answer in time: a statement past its deadline, a connection not opened in
 * time, or PostgreSQL ending a statement at its statement_timeout.
 */
export function isDbUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(code)) return true;
  // SQLSTATE 08 connection exception; 57P01-03 shutting down / crashed / starting; 53300 too many connections.
  if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  if (e.name === 'KnexTimeoutError') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  // 57014 is also a statement cancelled on purpose (pg_cancel_backend): only the timeout counts.
  if (code === '57014') return /statement timeout/i.test(message);
  return /Connection terminated|not queryable|Unable to acquire a connection|connect ECONNREFUSED|PGlite is closed|Query read timeout|timeout expired/i.test(message);
}

export interface DbOutage {
  /** True between the first failure of an outage and the probe that sees the database again. */
  readonly down: boolean;
  /**
   * Reports a failed database call. Returns true when it was an outage (logged once per outage,
   * however many requests, handshakes and jobs fail during it), false for any other error.
   */
  failed(err: unknown): boolean;
  stop(): void;
}

/**
 * knex's own messages, through the node's log. Its connection errors (a line per failed acquire:
 * 1,930-2,760 lines in a 20 s PostgreSQL stop) are left to the outage tracker, which logs the
 * outage once when it starts and once when it ends (the failing call reports its error to it);
 * anything else knex has to say is logged as it is.
 */
export function knexLog(log: Logger): Knex.Logger {
  const connectionTrouble = (message: unknown) => typeof message === 'string' && /^(Acquire connection error|Connection Error)/.test(message);
  const say = (level: 'warn' | 'error') => (message: unknown) => {
    if (connectionTrouble(message)) log.debug({ knex: message }, 'knex: connection error');
    else log[level]({ knex: message }, 'knex');
  };
  return {
    warn: say('warn'),
    error: say('error'),
    deprecate: (method, alternative) => log.warn({ knex: `${method} is deprecated, please use ${alternative}` }, 'knex'),
    debug: (message: unknown) => log.debug({ knex: message }, 'knex'),
  };
}

/**
 * One log line when the database goes away and one when it is back (with how long it was gone),
 * instead of one per failing request: during a PostgreSQL stop that was about 14,000 lines in 20 s.
 * `probeMs` is both how often a down database is asked again and how long it has to answer: a
 * hung one must not hold the probe (and the recovery it would see) for a whole statement deadline.
 */
export function createDbOutage(db: Db, log: Logger, probeMs = 1000): DbOutage {
  let downSince: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const probe = () => {
    timer = setTimeout(() => {
      withStatementDeadline(probeMs, () => db.raw('select 1')).then(
        () => {
          log.warn({ outageMs: Math.round(performance.now() - downSince!) }, 'database available again');
          downSince = undefined;
          timer = undefined;
        },
        () => !stopped && probe(),
      );
    }, probeMs);
    timer.unref();
  };

  return {
    get down() {
      return downSince !== undefined;
    },
    failed(err) {
      if (!isDbUnavailable(err)) return false;
      if (downSince === undefined && !stopped) {
        downSince = performance.now();
        log.error({ err }, 'database unavailable');
        probe();
      }
      return true;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
