import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import type { MailTransport } from './mail-transport.ts';

export type OutboxLog = { info: (obj: object, msg: string) => void };

/**
 * Writes each message as a complete RFC 5322 file to `<dataDir>/outbox/<timestamp>-<id>.eml`
 * instead of sending it, for installs without SMTP: the file opens in any mail client, and the
 * log line tells the operator where it is. Every recipient counts as accepted.
 */
export function createOutboxTransport(dataDir: string, log: OutboxLog): MailTransport {
  const outboxDir = path.join(dataDir, 'outbox');
  // The same composer as SMTP delivery, so the file is byte-for-byte the message SMTP would send.
  // Loaded with the first message: nodemailer is ~6 MB of the server's memory (3 MB of heap),
  // which an install that writes no mail never needs.
  let composer: Promise<Transporter<StreamTransport.SentMessageInfo>> | undefined;
  const compose = () =>
    (composer ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
    ));

  return {
    name: 'outbox',
    deliver: async (mail) => {
      const info = await (await compose()).sendMail(mail);
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) {
        throw new Error('Mail composer returned a stream although buffer output was requested');
      }
      const fileName = `${fileTimestamp(new Date())}-${crypto.randomUUID()}.eml`;
      const target = path.join(outboxDir, fileName);
      await writeAtomically(target, raw);
      const recipients = info.envelope.to;
      log.info({ path: target, to: recipients, subject: mail.subject }, 'mail written to outbox');
      return { accepted: recipients, rejected: [] };
    },
    close: async () => {
      (await composer)?.close();
    },
  };
}

// ISO 8601 without colons, which Windows and some sync tools refuse in file names; it still
// sorts by time.
function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/:/g, '-');
}

// A reader watching the folder for *.eml must never pick up half a message.
async function writeAtomically(target: string, bytes: Uint8Array): Promise<void> {
  await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const temp = `${target}.${crypto.randomUUID()}.part`;
  try {
    await fsp.writeFile(temp, bytes, { flag: 'wx', mode: 0o600 });
    await fsp.rename(temp, target);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}
