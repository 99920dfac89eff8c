// A load generator thread: holds a share of the simulated students' sockets and saves answers.
import { parentPort, workerData } from 'node:worker_threads';
import { RawSocket } from './rawSocket.mjs';

const { url, clients } = workerData;
const sockets = [];

// The Socket.IO protocol without socket.io-client's work per message (rawSocket.mjs says why).
const connect = (client) => RawSocket.connect(url, { token: client.token }, 60000);
const ack = (s, event, data) => s.socket.emitWithAck(event, data, 30000);

async function connectAll() {
  const batch = 100;
  for (let i = 0; i < clients.length; i += batch) {
    const group = clients.slice(i, i + batch);
    const opened = await Promise.all(group.map(connect));
    opened.forEach((s, j) => {
      if (s) sockets.push({ socket: s, client: group[j], seqs: new Map(), next: 0 });
    });
  }
}

/** Every socket joins its attempt at once, as a hall does when the exam opens: each join's wait, and the joins refused or timed out. */
async function joinAll() {
  const latencies = [];
  let failed = 0;
  await Promise.all(
    sockets.map((s) => {
      const started = performance.now();
      return ack(s, 'attempt:join', { attemptId: s.client.attemptId })
        .then((reply) => (reply?.ok ? latencies.push(performance.now() - started) : failed++))
        .catch(() => failed++);
    }),
  );
  return { latencies, failed };
}

function saveOnce(s, result, violationEvery) {
  const q = s.client.questionIds[s.next++ % s.client.questionIds.length];
  const seq = (s.seqs.get(q) ?? 0) + 1;
  s.seqs.set(q, seq);
  const started = performance.now();
  result.sent++;
  if (violationEvery && result.sent % violationEvery === 0) {
    // Keyed by attempt and the count this violation brings it to, as the proctor board will see it.
    s.violations = (s.violations ?? 0) + 1;
    result.violationSentAt.push([`${s.client.attemptId}:${s.violations}`, Date.now()]);
    ack(s, 'violation', { attemptId: s.client.attemptId, type: 'tab-switch', at: Date.now() }).catch(() => null);
    result.violations++;
  }
  return ack(s, 'answer:save', { attemptId: s.client.attemptId, questionId: q, answer: `answer ${seq}`, seq })
    .then((reply) => {
      if (reply?.ok) {
        result.latencies.push(performance.now() - started);
        // Which second of the run it was sent in, when the run keeps count (open loop).
        result.second?.push(Math.floor((started - result.t0) / 1000));
        result.acked.push([s.client.attemptId, q, seq]);
      } else result.errors++;
    })
    .catch(() => {
      result.errors++;
    });
}

/** Open loop: every socket saves at a fixed rate, whatever the server does. */
async function runRate({ ratePerSocket, seconds, violationEvery }) {
  const result = { sent: 0, errors: 0, violations: 0, latencies: [], second: [], acked: [], violationSentAt: [] };
  // Not sent back: the workers' runs start within a millisecond or two of each other.
  Object.defineProperty(result, 't0', { value: performance.now(), enumerable: false });
  const intervalMs = 1000 / ratePerSocket;
  const inflight = new Set();
  const fire = (s) => {
    const p = saveOnce(s, result, violationEvery);
    inflight.add(p);
    p.finally(() => inflight.delete(p));
  };
  // Each socket starts at a random phase within one interval, so the offered rate is flat from the start.
  const timers = sockets.map((s) =>
    setTimeout(() => {
      fire(s);
      s.interval = setInterval(() => fire(s), intervalMs);
    }, Math.random() * intervalMs),
  );
  await new Promise((r) => setTimeout(r, seconds * 1000));
  timers.forEach(clearTimeout);
  sockets.forEach((s) => clearInterval(s.interval));
  await Promise.all([...inflight]);
  return result;
}

/** Closed loop: `concurrency` sockets each send the next save as soon as the last is acked. */
async function runClosed({ concurrency, seconds }) {
  const result = { sent: 0, errors: 0, violations: 0, latencies: [], acked: [], violationSentAt: [] };
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    sockets.slice(0, concurrency).map(async (s) => {
      while (performance.now() < until) await saveOnce(s, result, 0);
    }),
  );
  return result;
}

/** The student's submit, as the web app sends it (REST, after its saves are acknowledged) or over the socket. */
function submitOnce(s, via) {
  if (via === 'socket') return ack(s, 'attempt:submit', { attemptId: s.client.attemptId });
  return fetch(`${url}/api/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${s.client.token}` },
    body: JSON.stringify({ examId: s.client.examId, answers: Object.fromEntries([...s.seqs].map(([q, seq]) => [q, `answer ${seq}`])) }),
    signal: AbortSignal.timeout(30000),
  }).then(async (res) => {
    const body = await res.json().catch(() => ({}));
    return { ok: res.ok && body.success === true, code: `HTTP ${res.status}${body.message ? ` ${body.message}` : ''}` };
  });
}

/**
 * The end of the exam: every socket keeps saving at its rate until its own moment, at random
 * within `seconds`, when it saves once more and submits (over REST the web app waits for that
 * save's acknowledgement first; over the socket the submit races it).
 */
async function runSubmitStorm({ ratePerSocket, seconds, via }) {
  const result = { sent: 0, errors: 0, violations: 0, latencies: [], acked: [], violationSentAt: [], submitLatencies: [], submitErrors: 0, submitted: [], submitFailures: [] };
  const intervalMs = 1000 / ratePerSocket;
  const inflight = new Set();
  const track = (p) => {
    inflight.add(p);
    p.finally(() => inflight.delete(p));
    return p;
  };
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise((resolve) => {
          const start = setTimeout(() => {
            track(saveOnce(s, result, 0));
            s.interval = setInterval(() => track(saveOnce(s, result, 0)), intervalMs);
          }, Math.random() * Math.min(intervalMs, seconds * 1000));
          setTimeout(async () => {
            clearTimeout(start);
            clearInterval(s.interval);
            // As the web app: the last save's acknowledgement first, then the submission.
            await track(saveOnce(s, result, 0));
            const started = performance.now();
            await submitOnce(s, via).then(
              (ack) => {
                if (!ack?.ok) {
                  result.submitErrors++;
                  return void result.submitFailures.push(ack?.code ?? 'no answer');
                }
                result.submitLatencies.push(performance.now() - started);
                result.submitted.push(s.client.attemptId);
              },
              (err) => {
                result.submitErrors++;
                result.submitFailures.push([err?.message ?? String(err), err?.cause?.code ?? err?.cause?.message].filter(Boolean).join(': '));
              },
            );
            resolve();
          }, Math.random() * seconds * 1000);
        }),
    ),
  );
  await Promise.all([...inflight]);
  return result;
}

parentPort.on('message', async (msg) => {
  if (msg.type === 'connect') {
    await connectAll();
    parentPort.postMessage({ type: 'connected', count: sockets.length });
  } else if (msg.type === 'join') {
    parentPort.postMessage({ type: 'joined', result: await joinAll() });
  } else if (msg.type === 'rate') {
    parentPort.postMessage({ type: 'result', result: await runRate(msg) });
  } else if (msg.type === 'submitStorm') {
    parentPort.postMessage({ type: 'result', result: await runSubmitStorm(msg) });
  } else if (msg.type === 'closed') {
    parentPort.postMessage({ type: 'result', result: await runClosed(msg) });
  } else if (msg.type === 'close') {
    sockets.forEach((s) => s.socket.close());
    parentPort.postMessage({ type: 'closed' });
  }
});
