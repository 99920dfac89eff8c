import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_ICE_SERVERS, iceServersSchema, type IceServer } from '@exam/shared';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting comes from the environment, parsed once here (README "Configuration"). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Exam Platform <no-reply@exam.local>'),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SEED_DEMO: bool.optional(),
  // How many proxies stand in front: true = one (the compose file's nginx), a number = that many.
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|yes|no|\d{1,2})$/, 'TRUST_PROXY must be true, false or the number of proxies in front (0 to 10)')
    .transform((v) => (v === 'true' || v === 'yes' ? 1 : v === 'false' || v === 'no' ? 0 : Number(v)))
    .pipe(z.number().int().min(0).max(10, 'TRUST_PROXY must be true, false or the number of proxies in front (0 to 10)'))
    .default(0),
  // Authenticated sockets one node keeps per person and per client address (a school's NAT is one address).
  // Each page holds one or two sockets (the header's notifications, a board or an exam), a teacher
  // may proctor several rooms in tabs, and after a network drop the dropped sockets still count
  // until their heartbeat times out (up to 20 s) while the pages reconnect: room for ten such
  // tabs twice over. Still stops one token holding a thousand.
  SOCKETS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(40),
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Namespace of everything the nodes share in Redis; one per deployment (or benchmark run) on one Redis.
  KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, "_", "." and "-", at most 64')
    .default('exam'),
  // Payments: Stripe when both keys are set, the sandbox otherwise.
  CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'CURRENCY must be a three-letter ISO 4217 code')
    .transform((c) => c.toUpperCase())
    .default('USD'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  // Deadlines on PostgreSQL and Redis (Deadlines below): a database or Redis that hangs is answered as an outage.
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  DB_LONG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(25_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1500),
  REDIS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  REDIS_REQUESTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(24 * 60 * 60).default(15 * 60),
  HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  // A sign-in expected to wait longer than this for a hashing lane is told its place in line at once (auth/signInQueue.ts); 0 = never, every sign-in waits.
  SIGN_IN_QUEUE_SECONDS: z.coerce.number().min(0).max(25).default(5),
  // How far the JavaScript heap may grow past its live set before a full collection (server/src/heapGrowth.ts); 0 = V8's own choice.
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(1000).default(300),
  // The camera's STUN/TURN servers as JSON, e.g. [{"urls":"turn:turn.school.org:3478","username":"u","credential":"p"}].
  // Uploaded files go to an S3-compatible bucket when S3_BUCKET is set, to PostgreSQL otherwise.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  ICE_SERVERS: z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'ICE_SERVERS must be JSON: a list of {"urls", "username", "credential"}' });
        return z.NEVER;
      }
    })
    .pipe(iceServersSchema)
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: string;
  /** Demo accounts (public password) seeded and offered on /demo: SEED_DEMO, else embedded outside production. */
  seedDemo: boolean;
  /** Proxies in front that append to X-Forwarded-For (TRUST_PROXY): 0 ignores the header (clientAddress.ts). */
  trustedProxies: number;
  /** Authenticated sockets one node accepts per person and per client address; the next is refused at connect. */
  socketCaps: { perUser: number; perAddress: number };
  logLevel: string;
  /** Lifetime of an access token (15 minutes unless ACCESS_TOKEN_TTL_SECONDS says otherwise). */
  accessTokenTtlSeconds: number;
  /** Password hashes computed at once; more sign-ins queue (default: one fewer than the cores, 1 to 3). */
  hashConcurrency?: number;
  /** Longest expected wait for a hashing lane before a sign-in is answered with its place in line instead; 0 turns the line off. */
  signInQueueSeconds: number;
  /** Percent the old generation may grow past what survived the last full collection; 0 leaves it to V8. */
  heapGrowthPercent: number;
  /** Per-window budgets for the abuse-prone auth calls. */
  rateLimits: RateLimits;
  /** Namespace for shared state in Redis (rate limits, the Socket.IO adapter, node health): KEY_PREFIX, `exam` by default. */
  keyPrefix: string;
  deadlines: Deadlines;
  payments: PaymentSettings;
  /** STUN/TURN servers both camera peers use (ICE_SERVERS; one public STUN server by default). */
  iceServers: IceServer[];
  /** The bucket uploaded files go to (S3_BUCKET and friends); without it they are kept in PostgreSQL. */
  s3?: S3Settings;
}

export interface S3Settings {
  bucket: string;
  /** For a server other than AWS (MinIO, Ceph, R2…); AWS's own when unset. */
  endpoint?: string;
  region: string;
  /** Without them the SDK's usual chain is used (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `host/bucket/key` addresses instead of `bucket.host/key`, which most self-hosted servers need. */
  forcePathStyle: boolean;
}

export interface PaymentSettings {
  currency: string;
  /** Present when both Stripe keys are set; otherwise payments use the sandbox. */
  stripe?: { secretKey: string; publishableKey: string; webhookSecret?: string; apiUrl?: string };
}

/**
 * How long a caller waits on PostgreSQL or Redis before it is answered as in an outage (REST 503,
 * the save's "retry" ack, rate limits in memory). Each is well under what the web app waits before
 * it retries: 30 s for an HTTP call, 10 s for a save's or a proctor action's acknowledgement.
 */
export interface Deadlines {
  /** A statement a request, socket event, handshake or job waits on (DB_STATEMENT_TIMEOUT_MS, 5 s). */
  dbStatementMs: number;
  /**
   * Work that is long by nature (the sweeper's claim-and-grade batches, exports): its statements'
   * deadline, and PostgreSQL's own statement_timeout for every connection (DB_LONG_STATEMENT_TIMEOUT_MS, 25 s).
   * Migrations have none.
   */
  dbLongStatementMs: number;
  /** Opening a database connection (DB_CONNECT_TIMEOUT_MS, 3 s). */
  dbConnectMs: number;
  /** A Redis command (REDIS_COMMAND_TIMEOUT_MS, 1.5 s); the connection is then dropped and redialled. */
  redisCommandMs: number;
  /** Opening a Redis connection (REDIS_CONNECT_TIMEOUT_MS, 3 s). */
  redisConnectMs: number;
  /** The socket adapter waiting for other nodes' answers (REDIS_REQUESTS_TIMEOUT_MS, 3 s): presence, fetchSockets. */
  redisRequestsMs: number;
}

export const DEFAULT_DEADLINES: Deadlines = {
  dbStatementMs: 5000,
  dbLongStatementMs: 25_000,
  dbConnectMs: 3000,
  redisCommandMs: 1500,
  redisConnectMs: 3000,
  redisRequestsMs: 3000,
};

export interface RateLimits {
  windowSeconds: number;
  /** Failed sign-ins from one address, whatever the accounts: stops credential stuffing from one host. */
  loginFailuresPerIp: number;
  /** Failed sign-ins for one account from one address: that address then waits out the window. */
  loginFailuresPerAccountAndIp: number;
  /** Failed sign-ins for one account from all addresses; beyond it the account counts as under attack. */
  loginFailuresPerAccount: number;
  /** While under attack, each address gets only this many failures on the account (clean addresses still sign in). */
  loginFailuresPerAccountAndIpUnderAttack: number;
  /**
   * Failed sign-ins for one account from a browser that signed in to it before (its device
   * cookie): counted instead of the address's, so others' failures never lock that browser out.
   */
  loginFailuresPerAccountAndDevice: number;
  /**
   * Password checks a minute from an address past its failure budget, right or wrong: its right
   * passwords still sign in, but a host guessing from it cannot keep the hashing busy.
   */
  loginChecksPerMinutePastBudget: number;
  registerPerIp: number;
  forgotPerIp: number;
  forgotPerAccount: number;
  /** Seconds an account waits between two verification mails it asks for. */
  resendCooldownSeconds: number;
}

/*
 * Sign-in budgets count failures only, so a whole school behind one address (successes) never
 * runs out. 2,000 failures per address per 15 minutes is four typos each for a hall of 500;
 * stuffing from one host still gets only ~2 guesses a second, each behind argon2. Past it the
 * address's wrong passwords are refused, but a right one still signs in to an account that is not
 * under attack: one host must not lock a whole school out (signInLimits.ts).
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowSeconds: 15 * 60,
  loginFailuresPerIp: 2000,
  loginFailuresPerAccountAndIp: 10,
  loginFailuresPerAccount: 50,
  loginFailuresPerAccountAndIpUnderAttack: 3,
  loginFailuresPerAccountAndDevice: 10,
  // A hall of 500 still signs in within about four minutes; guessing stays near the budget's own pace.
  loginChecksPerMinutePastBudget: 120,
  // Three classes registering themselves from one school network in one lesson.
  registerPerIp: 100,
  forgotPerIp: 20,
  forgotPerAccount: 5,
  // Long enough for the first mail to arrive, short enough not to strand someone whose mail was lost.
  resendCooldownSeconds: 60,
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (SMTP_URL= in a compose file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = !e.DATABASE_URL;
  if (!!e.STRIPE_SECRET_KEY !== !!e.STRIPE_PUBLISHABLE_KEY) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both, or neither for the sandbox');
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither for the SDK\'s own credentials');
  }
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    // Demo accounts have a public password: never in production unless SEED_DEMO=true says so.
    seedDemo: e.SEED_DEMO ?? (embedded && e.NODE_ENV !== 'production'),
    trustedProxies: e.TRUST_PROXY,
    socketCaps: { perUser: e.SOCKETS_PER_USER, perAddress: e.SOCKETS_PER_ADDRESS },
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    hashConcurrency: e.HASH_CONCURRENCY,
    signInQueueSeconds: e.SIGN_IN_QUEUE_SECONDS,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    rateLimits: DEFAULT_RATE_LIMITS,
    keyPrefix: e.KEY_PREFIX,
    deadlines: {
      dbStatementMs: e.DB_STATEMENT_TIMEOUT_MS,
      dbLongStatementMs: e.DB_LONG_STATEMENT_TIMEOUT_MS,
      dbConnectMs: e.DB_CONNECT_TIMEOUT_MS,
      redisCommandMs: e.REDIS_COMMAND_TIMEOUT_MS,
      redisConnectMs: e.REDIS_CONNECT_TIMEOUT_MS,
      redisRequestsMs: e.REDIS_REQUESTS_TIMEOUT_MS,
    },
    iceServers: e.ICE_SERVERS ?? DEFAULT_ICE_SERVERS,
    ...(e.S3_BUCKET
      ? {
          s3: {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          },
        }
      : {}),
    payments: {
      currency: e.CURRENCY,
      ...(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? { stripe: { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL } }
        : {}),
    },
  };
}

/** Embedded mode keeps a generated secret under DATA_DIR so sign-ins survive a restart. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
