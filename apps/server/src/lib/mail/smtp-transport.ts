import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { MailTransport } from './mail-transport.ts';

// Long enough for a slow relay, short enough that a request sending mail does not hang for the
// library defaults (2 minutes to connect, 10 minutes of socket silence).
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const DNS_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** The host and port of an SMTP URL, safe to log (never the credentials). */
export function describeSmtpUrl(smtpUrl: string): { host: string; port: string; secure: boolean } {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    // The message leaves the URL out on purpose: it may carry a password.
    throw new Error('SMTP_URL is not a valid URL (expected smtp://user:pass@host:port)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  if (!url.hostname) {
    throw new Error('SMTP_URL has no host');
  }
  const secure = url.protocol === 'smtps:';
  return { host: url.hostname, port: url.port || (secure ? '465' : '587'), secure };
}

/**
 * Pooled SMTP delivery from an `smtp://` or `smtps://` URL (credentials and `?tls.*` options
 * as nodemailer reads them). A bad URL throws here, so the app fails at start, not at first send.
 * nodemailer is loaded with the first message: a server that sends none never holds it (~5 MB
 * of the main thread's heap).
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  describeSmtpUrl(smtpUrl);
  let transporter: Promise<Transporter<SMTPPool.SentMessageInfo>> | undefined;
  const open = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        greetingTimeout: GREETING_TIMEOUT_MS,
        dnsTimeout: DNS_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
      }),
    ));

  return {
    name: 'smtp',
    deliver: async (mail) => {
      try {
        const info = await (await open()).sendMail(mail);
        return { accepted: addressList(info.accepted), rejected: addressList(info.rejected) };
      } catch (error) {
        // When the server refuses every recipient nodemailer fails the whole send, but for the
        // caller that is the same answer as a partial refusal: nothing went wrong with the server.
        const rejected = allRecipientsRejected(error);
        if (rejected) {
          return { accepted: [], rejected };
        }
        throw error;
      }
    },
    close: async () => {
      (await transporter)?.close();
    },
  };
}

function allRecipientsRejected(error: unknown): string[] | undefined {
  if (typeof error !== 'object' || error === null) {
    return undefined;
  }
  const { code, command, rejected } = error as {
    code?: unknown;
    command?: unknown;
    rejected?: unknown;
  };
  if (code === 'EENVELOPE' && command === 'RCPT TO' && Array.isArray(rejected)) {
    return addressList(rejected);
  }
  return undefined;
}

// The typings say string[], but this reads an error object too, so check each entry.
function addressList(list: readonly unknown[]): string[] {
  return list.filter((entry): entry is string => typeof entry === 'string');
}
