import { createServer, type Server as HttpServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server as IoServer } from 'socket.io';
import { createApp } from './app';
import type { Config } from './config';
import { createDb, migrate } from './db';
import { createDbOutage, knexLog } from './db/outage';
import type { Deps } from './deps';
import { createLogger, type Logger } from './logger';
import { createRealtimeHub } from './realtime/hub';
import { createProctorFeed } from './realtime/proctorFeed';
import { createRedisLink } from './realtime/redisLink';
import { createSocketServer } from './realtime/socketServer';
import { createSessionLiveness, ENDED_POLL_MS } from './realtime/sessionLiveness';
import { startDeadlineSweeper } from './jobs/deadlineSweeper';
import { startBreakEnder } from './jobs/breakEnder';
import { startEvidenceRetention } from './jobs/evidenceRetention';
import { startLtiGradeSync } from './jobs/ltiGradeSync';
import { startLtiKeyCleanup } from './jobs/ltiKeys';
import { every } from './jobs/periodic';
import { sendStartReminders } from './services/examNotifications';
import { HEARTBEAT_MS, newNodeId, publishHeartbeat } from './services/systemHealth';
import { forgetPlatformSettings } from './services/platformSettings';
import { SETTINGS_CHANGED_EVENT } from '@exam/shared';
import { createAnswerSaver } from './services/answerSaver';
import { announceSubmitted, followUpSubmitted, tellSubmitted } from './services/submissionAnnouncements';
import { createViolationRecorder } from './services/violations';
import { createAttemptSubmitter } from './services/attemptSubmitter';
import { createMailer } from './services/mail';
import { createFileStore } from './services/files';
import { moveDiskUploads } from './services/files/diskUploads';
import { createRateLimiters } from './services/rateLimits';
import { createPaymentGateway } from './services/payments/gateway';
import type { SubmissionAnnouncer } from './ports/submissions';
import type { ViolationAnnouncer } from './ports/violations';
import { configureHashing, hasher } from './auth/passwords';

/** How long an idle HTTP connection is kept open for the next request. */
const KEEP_ALIVE_MS = 65_000;

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface RunningServer {
  deps: Deps;
  http: HttpServer;
  io: IoServer;
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  /** PostgreSQL schema to use (tests isolate themselves this way). */
  schema?: string;
  /** Keep PGlite in memory instead of under DATA_DIR (tests). */
  inMemory?: boolean;
  webDist?: string;
  sweepIntervalMs?: number;
}

/** Builds every dependency once, migrates, and listens: the one start path for main and tests. */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? createLogger(config.logLevel);
  if (config.hashConcurrency) configureHashing(config.hashConcurrency);
  hasher.warm();
  // Every statement of the running node has a deadline and every wait for a connection a bound
  // (config.ts Deadlines), so a hung PostgreSQL is answered as an outage instead of holding callers.
  const d = config.deadlines;
  const dbDeadlines = { statementMs: d.dbStatementMs, serverStatementMs: d.dbLongStatementMs, connectMs: d.dbConnectMs };
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: opts.inMemory ? undefined : path.join(config.dataDir, 'pglite'),
    schema: opts.schema,
    deadlines: dbDeadlines,
    log: knexLog(log),
  });
  if (config.databaseUrl) {
    // Migrations take as long as they take: on connections of their own, without deadlines.
    const migrations = await createDb({ databaseUrl: config.databaseUrl, schema: opts.schema, log: knexLog(log) });
    try {
      await migrate(migrations);
    } finally {
      await migrations.destroy();
    }
  } else await migrate(db);
  const files = createFileStore(config, db);
  // Avatars an older release kept on this node's disk: moved before the node serves (a no-op after).
  await moveDiskUploads(files, config.dataDir, log);
  // Redis is optional even when configured: a node starts and serves while it is down (see docs/operations.md).
  const redisLink = config.redisUrl ? createRedisLink(config.redisUrl, log, config.deadlines) : undefined;
  const redis = redisLink?.client;
  const realtime = createRealtimeHub();
  const proctor = createProctorFeed(db, realtime, log);
  const dbOutage = createDbOutage(db, log);
  const maxInFlight = config.databaseUrl ? 4 : 1;
  // The live session has connections of its own (on PostgreSQL): at 10,000 students the board's
  // progress, violations and result notifications kept all ten of the main pool busy, and a save
  // batch waited 150-250 ms for a connection before its statement could start. The saves' four,
  // two batches each of submissions and violations, one for the session checks. They stay open,
  // and the node is ready only once each has the save statement prepared: the first saves after a
  // start (a new node, a restart mid-exam) waited 30-50 ms a statement while connections opened
  // and planned, and the first half-second of saves had a p99 three times the rest.
  const livePool = maxInFlight + 5;
  const liveDb = config.databaseUrl ? await createDb({ databaseUrl: config.databaseUrl, schema: opts.schema, poolMax: livePool, poolMin: livePool, deadlines: dbDeadlines, log: knexLog(log) }) : db;
  const answerSaver = createAnswerSaver(liveDb, log, { maxInFlight, progress: proctor, dbOutage });
  if (config.databaseUrl) await answerSaver.prepare(livePool);
  // Announcing needs the finished deps; it is only called after a batch commits.
  const submissionAnnouncer: SubmissionAnnouncer = {
    tell: (attempts) => tellSubmitted(deps, attempts),
    followUp: (attempts) => followUpSubmitted(deps, attempts),
  };
  const violationAnnouncer: ViolationAnnouncer = {
    tell: (events) => proctor.events(events),
    announce: (attempts) => announceSubmitted(deps, ...attempts),
  };
  const deps: Deps = {
    config,
    db,
    liveDb,
    dbOutage,
    log,
    redis,
    redisLink,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'mail'), log }),
    files,
    limiters: createRateLimiters(config.rateLimits, config.keyPrefix, redis),
    paymentGateway: createPaymentGateway(config.payments),
    settingsCache: {},
    nodeId: newNodeId(),
    jobRuns: new Map(),
    realtime,
    proctor,
    answerSaver,
    // Two submission batches at most (one stuck on a lock, one beside it), and as many of violations.
    submitter: createAttemptSubmitter(liveDb, log, answerSaver, { maxInFlight: Math.min(2, maxInFlight), dbOutage, announcer: submissionAnnouncer }),
    violations: createViolationRecorder(liveDb, log, { maxInFlight: Math.min(2, maxInFlight), dbOutage, announcer: violationAnnouncer }),
  };
  deps.mailer.start();
  const app = createApp(deps, { webDist: opts.webDist ?? WEB_DIST });
  const http = createServer(app.callback());
  // Idle keep-alive connections outlive a client's or a proxy's reuse window (load balancers keep
  // theirs 60 s): with Node's 5 s, a client reusing a connection just as the server closes it gets
  // ECONNRESET on a request that never reached us.
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
  const liveness = createSessionLiveness(liveDb);
  const io = createSocketServer(deps, http, liveness);
  deps.realtime.attach(io);
  await redisLink?.settled(3000);
  deps.realtime.onNodeEvent(SETTINGS_CHANGED_EVENT, () => forgetPlatformSettings(deps));
  const jobs = [startDeadlineSweeper(deps, opts.sweepIntervalMs), startBreakEnder(deps, opts.sweepIntervalMs), every(deps, 'start-reminders', 30_000, () => sendStartReminders(deps)), every(deps, 'health-heartbeat', HEARTBEAT_MS, () => publishHeartbeat(deps)), every(deps, 'ended-sessions', ENDED_POLL_MS, () => liveness.pollEnded()), startEvidenceRetention(deps), startLtiKeyCleanup(deps), startLtiGradeSync(deps)];
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, () => resolve());
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // New connections are refused from the first moment, so a proxy sends them to another node
      // and a restarted server can take the port while this one still finishes what it holds.
      // io.close() below ends the open ones (its own http.close() then only waits for them).
      http.close();
      await Promise.all(jobs.map((j) => j.stop()));
      await new Promise<void>((resolve) => io.close(() => resolve()));
      http.closeAllConnections();
      await deps.submitter.drain();
      await deps.violations.drain();
      await deps.answerSaver.drain();
      await proctor.stop();
      await deps.mailer.close();
      files.close();
      dbOutage.stop();
      if (liveDb !== db) await liveDb.destroy();
      await db.destroy();
      await redisLink?.close();
    })());
  return { deps, http, io, url, close };
}
