import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config, type RateLimits } from '../config';
import { dropSchema } from '../db';
import { startServer, type RunningServer } from '../server';

export interface TestServer extends RunningServer {
  dataDir: string;
  schema?: string;
  api: ApiClient;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  rateLimits?: Partial<RateLimits>;
  env?: Record<string, string>;
  /** Start a second node on the same PostgreSQL schema, Redis namespace and JWT secret. */
  shareWith?: TestServer;
  sweepIntervalMs?: number;
}

/**
 * A real server on a random port: PGlite in memory by default, or PostgreSQL (a schema of its
 * own) and Redis when DATABASE_URL / REDIS_URL are set, as CI does.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exam-test-'));
  const id = randomBytes(5).toString('hex');
  const base = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Tests sign in many users at once on a loaded machine, where a second a sign-in is no rarity:
    // they wait for the hashing lanes as before, never told a place in line (the line's own tests,
    // routes/auth/signInQueue.test.ts, turn it on).
    SIGN_IN_QUEUE_SECONDS: '0',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...opts.env,
  });
  const shared = opts.shareWith;
  if (shared && !base.databaseUrl) throw new Error('a second node needs DATABASE_URL (PGlite in memory is one process)');
  const config: Config = {
    ...base,
    keyPrefix: shared?.deps.config.keyPrefix ?? `test-${id}`,
    jwtSecret: shared?.deps.config.jwtSecret ?? base.jwtSecret,
    rateLimits: { ...base.rateLimits, ...opts.rateLimits },
  };
  const schema = shared?.schema ?? (config.databaseUrl ? `t_${id}` : undefined);
  const server = await startServer(config, { schema, inMemory: true, webDist: path.join(dataDir, 'no-web'), sweepIntervalMs: opts.sweepIntervalMs });
  return {
    ...server,
    dataDir,
    schema,
    api: apiClient(server.url),
    async stop() {
      await server.close();
      if (config.databaseUrl && schema && !shared) await dropSchema(config.databaseUrl, schema);
      if (config.redisUrl && !shared) await clearRedisKeys(config.redisUrl, config.keyPrefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function clearRedisKeys(url: string, prefix: string) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

// Tests read a response's fields freely and assert the shape they expect; a typed body would need a cast at each of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  /** Value of the refresh cookie the response set, if any ('' when it cleared it). */
  refreshCookie?: string;
}

export interface RequestOptions {
  token?: string;
  refreshCookie?: string;
  headers?: Record<string, string>;
  rawBody?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as ApiResult
export type ApiClient = <T = any>(method: string, path: string, body?: unknown, opts?: RequestOptions) => Promise<ApiResult<T>>;

export function apiClient(baseUrl: string): ApiClient {
  return async (method, p, body, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (body !== undefined || opts.rawBody !== undefined) headers['content-type'] = 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.refreshCookie) headers.cookie = `refresh_token=${opts.refreshCookie}`;
    const res = await fetch(`${baseUrl}/api${p}`, {
      method,
      headers,
      body: opts.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await res.text();
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
    return {
      status: res.status,
      body: text ? JSON.parse(text) : undefined,
      headers: res.headers,
      refreshCookie: setCookie ? /^refresh_token=([^;]*)/.exec(setCookie)![1] : undefined,
    };
  };
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  link?: string;
}

/** Mails the dev outbox holds for an address, oldest first. */
export function outbox(dataDir: string, to?: string): OutboxMail[] {
  const dir = path.join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail)
    .filter((m) => !to || m.to === to);
}

/** The token of the last link mailed to an address. */
export async function lastMailedToken(server: TestServer, to: string): Promise<string> {
  await server.deps.mailer.idle();
  const mails = outbox(server.dataDir, to);
  const link = mails.at(-1)?.link;
  if (!link) throw new Error(`no mail with a link for ${to}`);
  return new URL(link).searchParams.get('token')!;
}
