import crypto from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { encode } from 'html-entities';
import type { SendMailOptions } from 'nodemailer';
import { z } from 'zod';
import type { MailTransport, TransportResult } from './mail-transport.ts';
import { createOutboxTransport } from './outbox-transport.ts';
import { createSmtpTransport, describeSmtpUrl } from './smtp-transport.ts';

export type MailAttachment = { filename: string; content: Uint8Array; contentType: string };

export type MailMessage = {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/**
 * accepted: recipients the server (or outbox) took; rejected: those it refused. Never throws for
 * a refused recipient; throws MailDeliveryError when the transport itself fails (connection
 * refused, auth failed) so callers can tell "not sent" from "partly sent".
 */
export type SendResult = { accepted: string[]; rejected: string[]; messageId: string };

export type Mailer = {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SendResult>;
  /** Ends pooled connections (a delivery in progress finishes first). */
  close(): Promise<void>;
};

export type MailerOptions = {
  smtpUrl: string | undefined;
  dataDir: string;
  /** Sender; when absent it is built from publicUrl (`Formbridge <no-reply@host>`). */
  from?: string | undefined;
  /** Reply-To header on every message (MAIL_REPLY_TO). */
  replyTo?: string | undefined;
  /** `separate` (default): one message per recipient; `bcc`: one message, recipients in Bcc. */
  recipients?: 'separate' | 'bcc' | undefined;
  /** Waits before each new attempt when the relay cannot be reached (default 1 s, then 5 s). */
  retryDelaysMs?: readonly number[];
  publicUrl?: string;
};

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000];
// Failures worth another try: the relay was unreachable or dropped the connection. A refused
// login or message is not retried.
const RETRYABLE_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS']);

export type MailLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

/** The message was not sent at all: the server could not be reached, refused the login, etc. */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
  /** nodemailer's code when there is one (ESOCKET, ETIMEDOUT, EAUTH, EMESSAGE, ...). */
  readonly code: string | undefined;

  constructor(message: string, options: { cause?: unknown; code?: string } = {}) {
    super(message, { cause: options.cause });
    this.code = options.code;
  }
}

const MAX_ADDRESS_LENGTH = 254;
const emailSchema = z.email();

/** What separates addresses in a list: commas, semicolons, whitespace. */
export const RECIPIENT_SEPARATORS = /[,;\s]+/;

/** An address the mailer accepts: at most 254 characters and a valid e-mail. */
export function isValidAddress(address: string): boolean {
  return address.length <= MAX_ADDRESS_LENGTH && emailSchema.safeParse(address).success;
}

/**
 * Parses a comma/semicolon/whitespace separated list (or array) of addresses; returns valid ones
 * and the invalid ones, deduplicated case-insensitively (the first spelling wins).
 */
export function parseRecipients(input: string | readonly string[]): {
  valid: string[];
  invalid: string[];
} {
  const parts = (typeof input === 'string' ? [input] : input).flatMap((entry) =>
    entry.split(RECIPIENT_SEPARATORS),
  );
  const seen = new Set<string>();
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    const address = part.trim();
    const key = address.toLowerCase();
    if (address === '' || seen.has(key)) {
      continue;
    }
    seen.add(key);
    (isValidAddress(address) ? valid : invalid).push(address);
  }
  return { valid, invalid };
}

/** `Formbridge <no-reply@host>` for the host of the public URL; `localhost` when there is none. */
export function defaultFromAddress(publicUrl: string | undefined): string {
  let host = 'localhost';
  if (publicUrl) {
    try {
      const { hostname } = new URL(publicUrl);
      // An IP literal would need the [1.2.3.4] address form, which relays tend to refuse anyway.
      if (hostname && net.isIP(hostname.replace(/^\[|\]$/g, '')) === 0) {
        host = hostname;
      }
    } catch {
      // A bad PUBLIC_URL is config's business; the sender still needs some domain.
    }
  }
  return `Formbridge <no-reply@${host}>`;
}

/**
 * SMTP when `smtpUrl` is set (pooled; a malformed URL throws at once), otherwise the outbox
 * folder `<dataDir>/outbox`. `send` answers which recipients were taken and which refused;
 * invalid addresses are refused without being offered to the server.
 */
export function createMailer(options: MailerOptions, log: MailLog): Mailer {
  const from = options.from ?? defaultFromAddress(options.publicUrl);
  const senderDomain = from.match(/@([^>\s]+)>?\s*$/)?.[1] ?? 'localhost';
  const smtpUrl = options.smtpUrl?.trim();
  let transport: MailTransport;
  if (smtpUrl) {
    const { host, port, secure } = describeSmtpUrl(smtpUrl);
    transport = createSmtpTransport(smtpUrl);
    log.info({ transport: 'smtp', host, port, secure }, 'mail transport ready');
  } else {
    transport = createOutboxTransport(options.dataDir, log);
    log.info(
      { transport: 'outbox', dataDir: options.dataDir },
      'mail transport ready (no SMTP_URL)',
    );
  }

  const mode = options.recipients ?? 'separate';
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const newMessageId = () => `<${crypto.randomUUID()}@${senderDomain}>`;
  const headers = { from, replyTo: options.replyTo };

  // One message with retries while the relay is unreachable; throws the last failure.
  const deliverWithRetries = async (mail: SendMailOptions): Promise<TransportResult> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await transport.deliver(mail);
      } catch (error) {
        const failure = toDeliveryError(error);
        const delay = retryDelays[attempt];
        if (delay === undefined || !RETRYABLE_CODES.has(failure.code ?? '')) {
          throw error;
        }
        log.warn({ code: failure.code, attempt: attempt + 1, retryInMs: delay }, 'mail relay down');
        await sleep(delay);
      }
    }
  };

  return {
    transport: transport.name,
    send: async (message) => {
      const { valid, invalid } = parseRecipients(message.to);
      // Our own Message-ID, so a result exists even when nothing was offered to a server.
      const messageId = newMessageId();
      if (valid.length === 0) {
        return { accepted: [], rejected: invalid, messageId };
      }
      // nodemailer lowercases domains (IDN handling); answer in the caller's spelling so every
      // returned address is one of `to` and callers can match results with plain equality.
      const asGiven = (address: string) =>
        valid.find((given) => given.toLowerCase() === address.toLowerCase()) ?? address;
      const batches = mode === 'separate' ? valid.map((address) => [address]) : [valid];
      const accepted: string[] = [];
      const rejected: string[] = [...invalid];
      for (const [index, batch] of batches.entries()) {
        const id = index === 0 ? messageId : newMessageId();
        let result: TransportResult;
        try {
          result = await deliverWithRetries(toNodemailer(message, headers, mode, batch, id));
        } catch (error) {
          const failure = toDeliveryError(error);
          log.warn(
            { err: error, transport: transport.name, to: batch, code: failure.code },
            'mail not sent',
          );
          if (accepted.length === 0) {
            throw failure;
          }
          // Some recipients have their copy already: the rest are reported, not thrown.
          rejected.push(...batches.slice(index).flat());
          break;
        }
        accepted.push(...result.accepted.map(asGiven));
        rejected.push(...result.rejected.map(asGiven));
      }
      if (rejected.length > invalid.length) {
        log.warn(
          { rejected: rejected.slice(invalid.length), messageId },
          'mail recipients refused',
        );
      }
      return { accepted, rejected, messageId };
    },
    close: () => transport.close(),
  };
}

function toNodemailer(
  message: MailMessage,
  headers: { from: string; replyTo: string | undefined },
  mode: 'separate' | 'bcc',
  recipients: string[],
  messageId: string,
): SendMailOptions {
  return {
    from: headers.from,
    ...(headers.replyTo === undefined ? {} : { replyTo: headers.replyTo }),
    // Bcc: nobody sees the other recipients; the To line names the sender's own list.
    ...(mode === 'bcc' ? { to: 'undisclosed-recipients:;', bcc: recipients } : { to: recipients }),
    subject: message.subject,
    text: message.text,
    // Every message has an HTML part beside the plain text.
    html: message.html ?? textToHtml(message.text),
    messageId,
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      // Buffer.from on the view's memory, not a copy: PDFs can be large.
      content: Buffer.from(
        attachment.content.buffer,
        attachment.content.byteOffset,
        attachment.content.byteLength,
      ),
      contentType: attachment.contentType,
    })),
  };
}

function toDeliveryError(error: unknown): MailDeliveryError {
  const detail = error instanceof Error ? error.message : String(error);
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : undefined;
  return new MailDeliveryError(`Mail could not be sent: ${detail}`, {
    cause: error,
    ...(code === undefined ? {} : { code }),
  });
}

/** Plain text as simple HTML: paragraphs at blank lines, line breaks kept, everything escaped. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${encode(paragraph).replace(/\n/g, '<br>\n')}</p>`);
  return `<!doctype html>\n<html><body style="font-family:sans-serif">\n${paragraphs.join('\n')}\n</body></html>\n`;
}
