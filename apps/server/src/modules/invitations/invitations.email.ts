import { encode } from 'html-entities';
import { buildInvitationUrl } from '@formbridge/contract/invitations';
import type { MailMessage } from '../../lib/mail/mailer.ts';

/** The invitation e-mail: who invites, the one-time link, until when and for which address. */
export function composeInvitation(options: {
  publicUrl: string;
  token: string;
  email: string;
  inviterEmail: string;
  expiresAt: string;
  /** The workspace the invitation leads into, when it is a member invitation. */
  workspaceName?: string | undefined;
}): MailMessage {
  const url = buildInvitationUrl(options.publicUrl, options.token);
  const until = `${options.expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  const into = options.workspaceName ? ` and join the workspace "${options.workspaceName}"` : '';
  const intro = `${options.inviterEmail} invited you to create an account on Formbridge (${options.publicUrl})${into}.`;
  const terms =
    `The link works once, for ${options.email}, until ${until}. ` +
    'If you did not expect this invitation, you can ignore this e-mail.';
  return {
    to: [options.email],
    subject: `${options.inviterEmail} invited you to Formbridge`,
    text: `${intro}\n\nCreate your account here:\n${url}\n\n${terms}`,
    html:
      '<!doctype html>\n<html><body style="font-family:sans-serif">\n' +
      `<p>${encode(intro)}</p>\n<p><a href="${encode(url)}">Create your account</a></p>\n` +
      `<p>${encode(terms)}</p>\n</body></html>\n`,
  };
}
