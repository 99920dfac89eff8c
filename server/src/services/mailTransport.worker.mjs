// The mail transport's own thread (services/mail.ts starts it). Building a MIME message and
// writing it out cost about a millisecond of CPU a mail; a deadline that grades 5,000 attempts
// mails 5,000 students and their parents, and on the server's event loop those seconds were
// seconds in which every student still sitting an exam waited for their saves' acknowledgements.
// Plain JavaScript: a worker thread does not get the TypeScript loader its parent runs under.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

/** @type {{ smtpUrl?: string; from: string; outboxDir: string; maxConnections: number }} */
const config = workerData;

// SMTP through a small pool of reused connections: one connection per mail meant a connection
// for each of thousands of students at once at a deadline, which mail servers refuse.
const transport = config.smtpUrl
  ? nodemailer.createTransport({ url: config.smtpUrl, pool: true, maxConnections: config.maxConnections })
  : nodemailer.createTransport({ jsonTransport: true });

let counter = 0;
let outboxReady;

/** The dev outbox: each message as JSON under DATA_DIR/mail/, named so a listing sorts oldest first. */
async function writeToOutbox(info, message) {
  outboxReady ??= mkdir(config.outboxDir, { recursive: true });
  await outboxReady;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(config.outboxDir, `${stamp}-${process.pid}-${String(++counter).padStart(9, '0')}.json`);
  const envelope = JSON.parse(String(info.message));
  await writeFile(file, JSON.stringify({ ...envelope, to: message.to, link: message.link, sentAt: new Date().toISOString() }, null, 2));
  return file;
}

parentPort.on('message', async ({ id, message }) => {
  try {
    const info = await transport.sendMail({ from: config.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    const file = config.smtpUrl ? undefined : await writeToOutbox(info, message);
    parentPort.postMessage({ id, ok: true, messageId: info.messageId, file });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
