import { encode } from 'html-entities';
import { buildPasswordResetUrl } from '@formbridge/contract/auth';
import type { MailMessage } from '../../lib/mail/mailer.ts';

/** The "forgot password" e-mail: the one-time link, until when, and what to do if unexpected. */
export function composePasswordReset(options: {
  publicUrl: string;
  token: string;
  email: string;
  expiresAt: string;
}): MailMessage {
  const url = buildPasswordResetUrl(options.publicUrl, options.token);
  const until = `${options.expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  const intro = `Someone asked to reset the password of ${options.email} on Formbridge (${options.publicUrl}).`;
  const terms =
    `The link works once, until ${until}, and signs this account out everywhere. ` +
    'If you did not ask for it, ignore this e-mail: your password stays as it is.';
  return {
    to: [options.email],
    subject: 'Reset your Formbridge password',
    text: `${intro}\n\nChoose a new password here:\n${url}\n\n${terms}`,
    html:
      '<!doctype html>\n<html><body style="font-family:sans-serif">\n' +
      `<p>${encode(intro)}</p>\n<p><a href="${encode(url)}">Choose a new password</a></p>\n` +
      `<p>${encode(terms)}</p>\n</body></html>\n`,
  };
}
