/** The simulated students: socket.io-client in worker threads (loadWorker.mjs), driven from the bench. */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ROOT } from '../webBuild';
import type { RunResult } from './figures';

/** A student with an attempt in progress, as a load worker drives them. */
export interface Client {
  token: string;
  examId: string;
  attemptId: string;
  questionIds: string[];
}

/** The joins of a hall: each one's wait in ms, and how many were refused or timed out. */
export interface JoinResult {
  latencies: number[];
  failed: number;
}

/** Several results in one: counts added, lists joined. */
export function mergeRuns<R extends object>(parts: R[]): R {
  return (parts as Record<string, number | unknown[]>[]).reduce((a, b) =>
    Object.fromEntries(Object.entries(a).map(([k, v]) => [k, Array.isArray(v) ? v.concat(b[k]) : (v as number) + (b[k] as number)])),
  ) as R;
}

/** `workers` threads sharing `clients`, all connecting to `url`. */
export class LoadGenerators {
  private workers: Worker[];
  constructor(url: string, clients: Client[], workers: number) {
    const per = Math.ceil(clients.length / workers);
    this.workers = Array.from({ length: workers }, (_, w) => new Worker(path.join(ROOT, 'scripts/bench/loadWorker.mjs'), { workerData: { url, clients: clients.slice(w * per, (w + 1) * per) } }));
  }
  private all<T>(msg: object, expect: string): Promise<T[]> {
    return Promise.all(
      this.workers.map(
        (w) =>
          new Promise<T>((resolve) => {
            const onMsg = (m: { type: string } & Record<string, unknown>) => {
              if (m.type !== expect) return;
              w.off('message', onMsg);
              resolve((m.result ?? m.count ?? m) as T);
            };
            w.on('message', onMsg);
            w.postMessage(msg);
          }),
      ),
    );
  }
  /**
   * Connects every student, then has them all join their attempts at once (every worker's joins
   * start together, as a hall's do when the exam opens). Returns the sockets held and each join's wait.
   */
  async connect(): Promise<{ held: number; joins: JoinResult }> {
    const held = (await this.all<number>({ type: 'connect' }, 'connected')).reduce((a, b) => a + b, 0);
    return { held, joins: mergeRuns(await this.all<JoinResult>({ type: 'join' }, 'joined')) };
  }
  /** Every worker's result in one. */
  async run<R extends object = RunResult>(msg: object): Promise<R> {
    return mergeRuns(await this.all<R>(msg, 'result'));
  }
  async close(): Promise<void> {
    await this.all({ type: 'close' }, 'closed');
    await this.terminate();
  }
  /** Stops the threads at once (their sockets go with them): for a run that failed half-way. */
  async terminate(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
