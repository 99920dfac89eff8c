import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
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
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Logger;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise the dev outbox: each message is written as JSON under
 * DATA_DIR/mail/ and its link is logged.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  const pending = new Set<Promise<void>>();
  let counter = 0;

  async function send(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({
      from: opts.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    if (opts.smtpUrl) {
      opts.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      return;
    }
    mkdirSync(opts.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(opts.outboxDir, `${stamp}-${process.pid}-${++counter}.json`);
    const envelope = JSON.parse(String(info.message)) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...envelope, to: message.to, link: message.link, sentAt: new Date().toISOString() }, null, 2));
    opts.log.info({ to: message.to, subject: message.subject, link: message.link, file }, 'mail written to dev outbox');
  }

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
    async idle() {
      while (pending.size) await Promise.all([...pending]);
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
  kind?: 'verify' | 'reset' | 'invitation' | 'linkRequest';
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
