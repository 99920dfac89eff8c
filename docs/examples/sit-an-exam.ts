import { io } from 'socket.io-client';

/** What a sitting ends with, for the caller to show (or a test to check). */
export interface Sitting {
  attemptId: string;
  deadlineAt: string;
  savedAt: string;
  violations: { tabSwitches: number; fullscreenExits: number };
  submitted: { submissionId: string; reason: string };
}

type Ack<T> = ({ ok: true } & T) | { ok: false; code: string; message: string };

export async function sitAnExam(origin: string, email: string, password: string, examId: string): Promise<Sitting> {
  // 1. Sign in over REST; every reply is { success, message, data }.
  const rest = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${origin}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(json.message);
    return json.data;
  };
  const { accessToken } = await rest('/auth/login', { email, password });

  // 2. Start the attempt (or resume the one in progress): its id and the questions without keys.
  const { submission, questions } = await rest(`/exams/${examId}/start`, {}, accessToken);
  const attemptId: string = submission._id;

  // 3. Connect the socket with the same token.
  const socket = io(origin, { transports: ['websocket'], auth: { token: accessToken } });
  const send = async <T>(event: string, payload: unknown): Promise<T> => {
    const reply: Ack<T> = await socket.timeout(10_000).emitWithAck(event, payload);
    if (!reply.ok) throw new Error(`${event}: ${reply.code}: ${reply.message}`);
    return reply;
  };
  try {
    // The deadline by the server clock arrives right after the join; listen before joining.
    const time = new Promise<{ serverNow: string; deadlineAt: string }>((resolve) => socket.once('attempt:time', resolve));

    // 4. Join the attempt: the saved answers and their seqs come back, so a client resumes where it was.
    const { data } = await send<{ data: { seqs: Record<string, number> } }>('attempt:join', { attemptId });
    const { deadlineAt } = await time;

    // 5. Save an answer. seq must grow with every save of this question; the ack means it is committed.
    const question = questions[0];
    const seq = (data.seqs[question._id] ?? 0) + 1;
    const { savedAt } = await send<{ savedAt: string }>('answer:save', { attemptId, questionId: question._id, answer: question.options[0], seq });

    // 6. Report a violation: the server counts it and may submit the attempt when a limit is crossed.
    const { counts } = await send<{ counts: Sitting['violations'] }>('violation', { attemptId, type: 'tab-switch', at: Date.now() });

    // 7. Submit; the room also hears attempt:submitted.
    const closed = new Promise((resolve) => socket.once('attempt:submitted', resolve));
    const submitted = await send<Sitting['submitted']>('attempt:submit', { attemptId });
    await closed;
    return { attemptId, deadlineAt, savedAt, violations: counts, submitted: { submissionId: submitted.submissionId, reason: submitted.reason } };
  } finally {
    socket.close();
  }
}
