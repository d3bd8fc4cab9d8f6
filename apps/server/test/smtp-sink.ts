import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpSinkOptions = {
  /** Addresses answered with 550 at RCPT TO (compared case-insensitively). */
  rejectRecipients?: string[];
  /** A fixed port instead of an ephemeral one (a relay that comes up late). */
  port?: number;
};

export type SmtpEnvelope = { from: string; to: string[] };

export type SmtpSink = {
  /** `smtp://127.0.0.1:<port>`, ready for `SMTP_URL` / `config.smtpUrl`. */
  url: string;
  /** Every message the sink accepted, parsed, in arrival order. */
  messages: ParsedMail[];
  /** The SMTP envelope of each message (same index as `messages`): shows Bcc and refusals. */
  envelopes: SmtpEnvelope[];
  /** Resolves with the messages once at least `count` arrived; rejects after `timeoutMs`. */
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ParsedMail[]>;
  /** From now on answers `address` with 550 at RCPT TO, as `rejectRecipients` does from the start. */
  refuseRecipient: (address: string) => void;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on loopback (ephemeral port, no TLS, no auth needed) that keeps what it
 * receives, for tests that send mail through the real transport. A message is in `messages`
 * before the client gets its 250, so after an awaited send no waiting is needed; background
 * jobs use `waitForMessages`.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const refused = new Set((options.rejectRecipients ?? []).map((address) => address.toLowerCase()));
  const messages: ParsedMail[] = [];
  const envelopes: SmtpEnvelope[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    // Pooled clients keep idle connections open; do not wait the default 30 s for them on close.
    closeTimeout: 200,
    onRcptTo: (address, _session, callback) => {
      if (refused.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error(`No such user: ${address.address}`), {
          responseCode: 550,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          envelopes.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          });
          waiters.forEach((notify) => notify());
          callback();
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  const waitForMessages = (count: number, timeoutMs = 5_000) =>
    new Promise<ParsedMail[]>((resolve, reject) => {
      const check = () => {
        if (messages.length >= count) {
          cleanUp();
          resolve(messages);
        }
      };
      const timer = setTimeout(() => {
        cleanUp();
        reject(
          new Error(
            `SMTP sink: expected ${count} message(s), got ${messages.length} in ${timeoutMs} ms`,
          ),
        );
      }, timeoutMs);
      const cleanUp = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    envelopes,
    waitForMessages,
    refuseRecipient: (address) => refused.add(address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
