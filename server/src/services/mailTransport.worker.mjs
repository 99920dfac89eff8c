// The mail transport's own thread (services/mail.ts starts it). Building a MIME message and
// writing it out cost about a millisecond of CPU a mail; a deadline that grades 5,000 attempts
// mails 5,000 students and their parents, and on the server's event loop those seconds were
// seconds in which every student still sitting an exam waited for their saves' acknowledgements.
// Plain JavaScript: a worker thread does not get the TypeScript loader its parent runs under.
import { mkdir, rename, writeFile } from 'node:fs/promises';
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
/**
 * The outbox is written one mail at a time: a deadline's thousands of mails written all at once
 * would each hold a file open, past a common limit of 1,024 open files.
 */
let outboxWrites = Promise.resolve();

/** Where a mail goes in the dev outbox: named on arrival, so a listing sorts the mails as they were sent. */
function outboxFile() {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return path.join(config.outboxDir, `${stamp}-${process.pid}-${String(++counter).padStart(9, '0')}.json`);
}

/** The dev outbox: each message as JSON under DATA_DIR/mail/. */
async function writeToOutbox(file, info, message) {
  await mkdir(config.outboxDir, { recursive: true });
  const envelope = JSON.parse(String(info.message));
  // Written under another name and renamed: whoever lists the outbox (a test, a developer's
  // tool) never reads a mail half written.
  const partial = `${file}.part`;
  await writeFile(partial, JSON.stringify({ ...envelope, to: message.to, link: message.link, sentAt: new Date().toISOString() }, null, 2));
  await rename(partial, file);
}

parentPort.on('message', async ({ id, message }) => {
  const file = config.smtpUrl ? undefined : outboxFile();
  try {
    const info = await transport.sendMail({ from: config.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    if (file) {
      const written = outboxWrites.then(() => writeToOutbox(file, info, message));
      outboxWrites = written.catch(() => undefined);
      await written;
    }
    parentPort.postMessage({ id, ok: true, messageId: info.messageId, file });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
