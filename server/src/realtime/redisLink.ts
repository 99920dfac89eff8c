import { Redis, type RedisOptions } from 'ioredis';
import { DEFAULT_DEADLINES, type Deadlines } from '../config';
import type { Logger } from '../logger';
import type { RedisLink, RedisStatus } from '../ports/redis';

/** Back off 100 ms, 200 ms, … up to 3 s, with jitter so nodes don't reconnect in lockstep; never give up. */
export function retryDelay(times: number): number {
  const base = Math.min(100 * 2 ** Math.min(times - 1, 5), 3000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * A Redis that hangs (accepts connections and never answers: a frozen process, a host gone without
 * a reset) must not hold a caller either: each command gives up after `redisCommandMs`
 * (commandTimeout) and its caller takes its fallback, and a connection that has gone that long
 * without answering a command it was sent is dropped (socketTimeout), so the link counts Redis as
 * down, and until it answers again every command is refused at once instead of waiting its turn.
 */
function common(deadlines: Pick<Deadlines, 'redisCommandMs' | 'redisConnectMs'>): RedisOptions {
  return {
    retryStrategy: retryDelay,
    // A command written to a connection that then dies fails after one reconnect attempt rather than hanging.
    maxRetriesPerRequest: 1,
    // Commands fail at once while disconnected: callers have a fallback, and a queue would grow without bound.
    enableOfflineQueue: false,
    connectTimeout: deadlines.redisConnectMs,
    commandTimeout: deadlines.redisCommandMs,
    socketTimeout: deadlines.redisCommandMs,
  };
}

const SUBSCRIBER: RedisOptions = {
  // The adapter subscribes in its constructor, possibly before Redis is reachable: those commands must
  // wait for the connection (never be refused), and autoResubscribe restores them after every reconnect.
  enableOfflineQueue: true,
  maxRetriesPerRequest: null,
  autoResubscribe: true,
  // Its subscriptions wait for a connection (above) and nobody waits on them: a deadline would only
  // fail a subscription queued during an outage. It is silent between messages, so no socketTimeout.
  commandTimeout: undefined,
  socketTimeout: undefined,
};

/** Commands the adapter fires without handling their failure: an unhandled rejection each during an outage. */
const UNAWAITED = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

/**
 * The adapter calls `pubClient.publish(...)` (and subscribes) without a catch, so during an outage each
 * broadcast would be an unhandled rejection. A lost broadcast is made good by the resync on recovery.
 */
function swallowFailures(client: Redis): Redis {
  for (const name of UNAWAITED) {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const result = original(...args);
      result.catch(() => undefined);
      return result;
    };
  }
  return client;
}

export function createRedisLink(url: string, log: Logger, deadlines: Pick<Deadlines, 'redisCommandMs' | 'redisConnectMs'> = DEFAULT_DEADLINES): RedisLink {
  const client = new Redis(url, common(deadlines));
  const clients: Redis[] = [];
  const listeners: (() => void)[] = [];
  let state: RedisStatus['status'] = 'connecting';
  let downSince: Date | null = null;
  let outages = 0;
  let lastError: string | undefined;
  let closing = false;
  let waiting: (() => void)[] = [];

  const update = () => {
    if (closing) return;
    const up = clients.every((c) => c.status === 'ready');
    const lost = clients.some((c) => c.status === 'close' || c.status === 'reconnecting' || c.status === 'end');
    if (lost && state !== 'down') {
      state = 'down';
      downSince = new Date();
      outages += 1;
      log.warn({ error: lastError }, 'Redis unreachable: serving on without it (rate limits in memory, live events on this node only); reconnecting until it returns');
    } else if (up && state !== 'up') {
      const wasDown = state === 'down';
      state = 'up';
      if (wasDown) {
        log.warn({ downForMs: Date.now() - downSince!.getTime() }, 'Redis reachable again: proctor boards and students resync');
        downSince = null;
        for (const l of listeners) l();
      }
    }
    if (state !== 'connecting') {
      for (const w of waiting) w();
      waiting = [];
    }
  };

  const watch = (c: Redis) => {
    clients.push(c);
    // ioredis emits an error on every failed reconnect: remember it for the one outage line instead of logging each.
    c.on('error', (err: Error) => {
      lastError = err.message;
    });
    for (const event of ['ready', 'close', 'reconnecting', 'end']) c.on(event, update);
  };
  watch(client);

  return {
    client,
    adapterClients() {
      const pub = swallowFailures(client.duplicate());
      const sub = swallowFailures(client.duplicate(SUBSCRIBER));
      watch(pub);
      watch(sub);
      // Not "up" until these are ready too (no recovery is announced for a first connection).
      if (state === 'up') state = 'connecting';
      return { pub, sub };
    },
    status: () => ({ status: state, downSince: downSince?.toISOString() ?? null, outages }),
    onRecovered(listener) {
      listeners.push(listener);
    },
    settled(ms) {
      if (state !== 'connecting') return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async close() {
      closing = true;
      listeners.length = 0;
      // disconnect, not quit: quit would wait for a Redis that may be gone.
      for (const c of clients) c.disconnect();
    },
  };
}
