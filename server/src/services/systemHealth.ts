import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { SERVER_MSG, fillMessage, type HealthStatus, type NodeHealth, type SystemHealth } from '@exam/shared';
import type { Deps } from '../deps';

/** How often each node reports itself, and how long a report stands for a node that went quiet. */
export const HEARTBEAT_MS = 5_000;
const REPORT_TTL_SECONDS = 15;

/**
 * Limits past which a node is degraded: each is a symptom a student would feel (slow saves,
 * attempts not closed at their deadline, no cross-node delivery).
 */
export const HEALTH_LIMITS = {
  dbLatencyMs: 500,
  sweeperLagMs: 10_000,
  overdueSeconds: 30,
} as const;

/** A node's name in the health reports: its host and process, and a suffix for a restarted one. */
export const newNodeId = () => `${hostname()}:${process.pid}:${randomBytes(2).toString('hex')}`;

const keys = (deps: Deps) => ({
  set: `${deps.config.keyPrefix}:health:nodes`,
  node: (id: string) => `${deps.config.keyPrefix}:health:node:${id}`,
});

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

/** Judges a node from its own figures; a database that does not answer means the node is down. */
export function judge(r: Omit<NodeHealth, 'status' | 'problems'>): Pick<NodeHealth, 'status' | 'problems'> {
  if (r.dbLatencyMs === null) return { status: 'down', problems: [SERVER_MSG.dbDown] };
  const problems: string[] = [];
  if (r.dbLatencyMs > HEALTH_LIMITS.dbLatencyMs) problems.push(fillMessage(SERVER_MSG.dbLatency, { ms: r.dbLatencyMs }));
  if (r.redis === 'fail') problems.push(SERVER_MSG.redisDown);
  if (r.sweeperLagMs !== null && r.sweeperLagMs > HEALTH_LIMITS.sweeperLagMs) problems.push(fillMessage(SERVER_MSG.sweeperLag, { seconds: Math.round(r.sweeperLagMs / 1000) }));
  if (r.oldestOverdueSeconds > HEALTH_LIMITS.overdueSeconds) problems.push(fillMessage(SERVER_MSG.attemptOverdue, { seconds: r.oldestOverdueSeconds }));
  return { status: problems.length ? 'degraded' : 'healthy', problems };
}

/** This node's figures, measured now. */
export async function nodeReport(deps: Deps): Promise<NodeHealth> {
  const started = performance.now();
  let dbLatencyMs: number | null;
  let oldestOverdueSeconds = 0;
  try {
    // The sweeper's own partial index answers this: the oldest deadline among open attempts.
    const { rows } = (await withTimeout(
      deps.db.raw("select extract(epoch from now() - min(deadline_at))::float8 as overdue from attempts where status = 'in_progress' and deadline_at < now()"),
      3_000,
    )) as { rows: { overdue: number | null }[] };
    dbLatencyMs = Math.round(performance.now() - started);
    oldestOverdueSeconds = Math.max(0, Math.floor(Number(rows[0]?.overdue ?? 0)));
  } catch {
    dbLatencyMs = null;
  }
  let redis: NodeHealth['redis'] = 'not-configured';
  if (deps.redis) {
    redis = await withTimeout(deps.redis.ping(), 1_000)
      .then(() => 'ok' as const)
      .catch(() => 'fail' as const);
  }
  const swept = deps.jobRuns.get('deadline-sweeper');
  const mem = process.memoryUsage();
  const figures = {
    nodeId: deps.nodeId,
    uptime: Math.floor(process.uptime()),
    memory: { heapUsed: mem.heapUsed, heapTotal: mem.heapTotal, rss: mem.rss },
    sockets: deps.realtime.localSocketCount(),
    dbLatencyMs,
    redis,
    sweeperLagMs: swept === undefined ? null : Date.now() - swept,
    oldestOverdueSeconds,
    reportedAt: new Date().toISOString(),
  };
  return { ...figures, ...judge(figures) };
}

/** Publishes this node's report where every node can read it (Redis); without Redis there is only this node. */
export async function publishHeartbeat(deps: Deps): Promise<void> {
  if (!deps.redis) return;
  const report = await nodeReport(deps);
  const k = keys(deps);
  await deps.redis.multi().set(k.node(report.nodeId), JSON.stringify(report), 'EX', REPORT_TTL_SECONDS).sadd(k.set, report.nodeId).exec();
}

/** The other nodes' latest reports; a node whose report expired is forgotten. */
async function otherNodes(deps: Deps, self: string): Promise<NodeHealth[]> {
  if (!deps.redis) return [];
  const k = keys(deps);
  const ids = (await withTimeout(deps.redis.smembers(k.set), 1_000)).filter((id) => id !== self);
  if (!ids.length) return [];
  const values = await withTimeout(deps.redis.mget(ids.map(k.node)), 1_000);
  const gone = ids.filter((_, i) => values[i] === null);
  if (gone.length) await deps.redis.srem(k.set, ...gone);
  return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as NodeHealth);
}

const rank: Record<HealthStatus, number> = { healthy: 0, degraded: 1, down: 2, unknown: 3 };

/** Every node's report, this one measured now; the platform is as well as its worst node. */
export async function systemHealth(deps: Deps): Promise<SystemHealth> {
  const self = await nodeReport(deps);
  const others = await otherNodes(deps, self.nodeId).catch(() => []);
  const nodes = [self, ...others.sort((a, b) => a.nodeId.localeCompare(b.nodeId))];
  const status = nodes.reduce<HealthStatus>((worst, n) => (rank[n.status] > rank[worst] ? n.status : worst), 'healthy');
  return { status, uptime: self.uptime, memory: { heapUsed: self.memory.heapUsed, heapTotal: self.memory.heapTotal }, nodes };
}
