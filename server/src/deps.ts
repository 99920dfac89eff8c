import type { Redis } from 'ioredis';
import type { PlatformSettings } from '@exam/shared';
import type { Config } from './config';
import type { Db } from './db';
import type { DbOutage } from './db/outage';
import type { Logger } from './logger';
import type { ProctorFeed, RealtimeHub } from './ports/realtime';
import type { RedisLink } from './ports/redis';
import type { AttemptSubmitter } from './ports/submissions';
import type { ViolationRecorder } from './ports/violations';
import type { FileStore } from './ports/fileStore';
import type { AnswerSaver } from './services/answerSaver';
import type { Mailer } from './services/mail';
import type { PaymentGateway } from './services/payments/provider';
import type { RateLimiters } from './services/rateLimits';

/** What every service, route, socket handler and job is given: one object, built once at start. */
export interface Deps {
  config: Config;
  db: Db;
  /**
   * The live session's own connections (saves, submissions, violations, session checks), so
   * nothing else a busy school does makes a student's save wait for one. The same as `db` on PGlite.
   */
  liveDb: Db;
  /** Logs a database outage once and tells outage errors from bad statements. */
  dbOutage: DbOutage;
  log: Logger;
  mailer: Mailer;
  /** Uploaded files, where every node reads them (PostgreSQL, or an S3-compatible bucket). */
  files: FileStore;
  limiters: RateLimiters;
  /** Stripe when its keys are configured, the sandbox otherwise: one for the payment routes and the webhook. */
  paymentGateway: PaymentGateway;
  /** This node's copy of the school's settings (services/platformSettings.ts): empty until read, and after a change. */
  settingsCache: { copy?: { value: PlatformSettings; at: number } };
  /** This node's name in the health reports. */
  nodeId: string;
  /** When each periodic job last finished a run (the health report reads the sweeper's lag). */
  jobRuns: Map<string, number>;
  realtime: RealtimeHub;
  answerSaver: AnswerSaver;
  /** Every submission but the sweeper's and a violation's goes through it, grouped like saves. */
  submitter: AttemptSubmitter;
  /** Students' violations, grouped like saves; a crossing one submits the attempt. */
  violations: ViolationRecorder;
  proctor: ProctorFeed;
  /** Present when REDIS_URL is set. */
  redis?: Redis;
  /** Every Redis connection and whether Redis is reachable; present when REDIS_URL is set. */
  redisLink?: RedisLink;
}
