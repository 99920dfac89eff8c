import { Worker } from 'node:worker_threads';
import { translate } from '../i18n/translator';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the reader is meant to follow; logged in dev so nobody needs a mailbox. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Sends without making the caller wait (or reveal timing); failures are logged. */
  sendInBackground(message: MailMessage): void;
  /**
   * Sends a batch (an import's invitations) one after another in the background, so thousands
   * of mails neither delay the response that caused them nor flood the SMTP server.
   */
  sendManyInBackground(messages: MailMessage[]): void;
  /** Resolves once every background send has finished (tests and shutdown). */
  idle(): Promise<void>;
  /**
   * Starts the transport's thread now rather than with the first mail. Started mid-exam by the
   * first student's result, its start (loading the mail library on a thread of its own) took the
   * box's cores from everyone still writing: at 5,000 students that second's save p99 was 75-173
   * ms, against 27-61 ms with the thread started before (docs/benchmarks.md).
   */
  start(): void;
  /** Waits for the sends under way, then stops the transport's thread. */
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Logger;
  /** SMTP connections kept open and reused (3 unless told). */
  maxConnections?: number;
}

type TransportReply = { id: number; ok: true; messageId?: string; file?: string } | { id: number; ok: false; error: string };

const TRANSPORT_WORKER = new URL('./mailTransport.worker.mjs', import.meta.url);

/**
 * Real SMTP when SMTP_URL is set, over a few pooled connections; otherwise the dev outbox: each
 * message is written as JSON under DATA_DIR/mail/ and its link is logged. Either way the message
 * is built and sent on a thread of its own, started with the server (`start`) or else with the
 * first mail: the server's event loop only hands it over (see mailTransport.worker.mjs for why).
 */
export function createMailer(opts: MailerOptions): Mailer {
  const pending = new Set<Promise<void>>();
  const waiting = new Map<number, { resolve: (reply: TransportReply) => void; reject: (err: Error) => void }>();
  let worker: Worker | undefined;
  let nextId = 0;

  function transport(): Worker {
    if (worker) return worker;
    const w = new Worker(TRANSPORT_WORKER, {
      workerData: { smtpUrl: opts.smtpUrl, from: opts.from, outboxDir: opts.outboxDir, maxConnections: opts.maxConnections ?? 3 },
    });
    w.on('message', (reply: TransportReply) => {
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      // The thread keeps the process alive only while a mail is on its way.
      if (!waiting.size) w.unref();
      waiter?.resolve(reply);
    });
    // A transport thread that died takes its mails with it: they fail (and are logged), and the next mail starts a new thread.
    const lost = (err: Error) => {
      if (worker === w) worker = undefined;
      for (const waiter of waiting.values()) waiter.reject(err);
      waiting.clear();
    };
    w.on('error', lost);
    w.on('exit', (code) => lost(new Error(`the mail transport stopped (exit code ${code})`)));
    return (worker = w);
  }

  async function send(message: MailMessage): Promise<void> {
    const id = ++nextId;
    const reply = await new Promise<TransportReply>((resolve, reject) => {
      const w = transport();
      waiting.set(id, { resolve, reject });
      w.ref();
      w.postMessage({ id, message });
    });
    if (!reply.ok) throw new Error(reply.error);
    if (opts.smtpUrl) opts.log.info({ to: message.to, subject: message.subject, messageId: reply.messageId }, 'mail sent');
    else opts.log.info({ to: message.to, subject: message.subject, link: message.link, file: reply.file }, 'mail written to dev outbox');
  }

  const idle = async () => {
    while (pending.size) await Promise.all([...pending]);
  };

  return {
    send,
    sendInBackground(message) {
      const p = send(message)
        .catch((err: unknown) => opts.log.error({ err, to: message.to, subject: message.subject }, 'mail failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    sendManyInBackground(messages) {
      const p = (async () => {
        for (const message of messages) {
          await send(message).catch((err: unknown) => opts.log.error({ err, to: message.to, subject: message.subject }, 'mail failed'));
        }
      })().finally(() => pending.delete(p));
      pending.add(p);
    },
    idle,
    start() {
      const w = transport();
      // Idle, the thread does not keep the process alive.
      if (!waiting.size) w.unref();
    },
    async close() {
      await idle();
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * One plain layout for every transactional mail, in the recipient's language: a greeting, a
 * paragraph, a button, a fallback link. `kind` names the mail's texts in the `emails` catalogue
 * (subject, intro, action, outro); `values` fill them.
 */
export function linkMail(p: {
  to: string;
  name: string;
  language: string | undefined;
  link: string;
  kind?: 'verify' | 'reset' | 'invitation' | 'linkRequest' | 'registerAttempt';
  values?: Record<string, unknown>;
  /** Texts given whole, already in the recipient's language (a notification's own words). */
  texts?: { subject: string; intro: string; action: string; outro: string };
}): MailMessage {
  const t = (key: string) => translate(p.language, `emails:${p.kind}.${key}`, p.values);
  const { subject, intro, action, outro } = p.texts ?? { subject: t('subject'), intro: t('intro'), action: t('action'), outro: t('outro') };
  const greeting = translate(p.language, 'emails:greeting', { name: p.name });
  const openLink = translate(p.language, 'emails:openLink');
  const text = `${greeting}\n\n${intro}\n\n${action}: ${p.link}\n\n${outro}\n`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:10px 16px;background:#228be6;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(action)}</a></p>
<p>${escapeHtml(openLink)} <a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p><p>${escapeHtml(outro)}</p>`;
  return { to: p.to, subject, text, html, link: p.link };
}
