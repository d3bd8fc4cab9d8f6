import type { SendMailOptions } from 'nodemailer';

/** What a transport reports for one message; refused recipients are data, not errors. */
export type TransportResult = { accepted: string[]; rejected: string[] };

/**
 * The part that differs between SMTP and the outbox. Anything a transport throws means the
 * message was not delivered; the mailer turns it into a MailDeliveryError.
 */
export type MailTransport = {
  readonly name: 'smtp' | 'outbox';
  deliver: (mail: SendMailOptions) => Promise<TransportResult>;
  close: () => Promise<void>;
};
