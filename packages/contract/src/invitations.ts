import { z } from 'zod';
import { emailField } from './auth.ts';

// Invitations: a signed-in user invites a colleague by e-mail. The link carries a single-use
// token that lets exactly that address sign up, also when ALLOW_SIGNUP=false.

/** How long an invitation link works. */
export const INVITATION_LIFETIME_DAYS = 7;

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is invalid, has expired or has already been used.',
  wrongEmail: 'This invitation is for another e-mail address.',
  notAllowed: 'Only accounts an administrator allowed to invite can send invitations.',
} as const;

/** `code` of invitation errors on sign-up and look-up. */
export const INVITATION_CODES = {
  invalid: 'invitation_invalid',
  wrongEmail: 'invitation_email_mismatch',
  notAllowed: 'invite_not_allowed',
} as const;

/** Body of POST /api/v1/invitations. */
export const invitationCreateBodySchema = z.object({ email: emailField });
export type InvitationCreateBody = z.infer<typeof invitationCreateBodySchema>;

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'expired']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** One invitation as its sender sees it (the token is only ever in the e-mail). */
export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  status: invitationStatusSchema,
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Body of POST /api/v1/auth/invitation (public): the token from the link. */
export const invitationCheckBodySchema = z.object({ token: z.string().min(1).max(128) });

/** What the register page may know about a valid invitation. */
export const invitationCheckSchema = z.object({ email: z.string(), expires_at: z.string() });
export type InvitationCheck = z.infer<typeof invitationCheckSchema>;

/** The register page a link opens: `{origin}/register?invite={token}`. */
export function buildInvitationUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/register?invite=${encodeURIComponent(token)}`;
}

/** Pending until used; a pending one past its expiry is expired. */
export function invitationStatus(
  invitation: { accepted_at: string | null; expires_at: string },
  now: number = Date.now(),
): InvitationStatus {
  if (invitation.accepted_at !== null) {
    return 'accepted';
  }
  return Date.parse(invitation.expires_at) <= now ? 'expired' : 'pending';
}
