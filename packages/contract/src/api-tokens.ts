import { z } from 'zod';

// API tokens (issue 33): a workspace's Admins make tokens for scripts. A token acts in its own
// workspace only, with its role (Editor or Viewer, never more), until it expires or is revoked;
// the secret is shown once and only its hash is kept.

/** Every token starts with this, so a leaked one is easy to recognise (and to scan for). */
export const API_TOKEN_PREFIX = 'fbt_';

/** Random bytes behind the prefix (base64url): 256 bits, far past guessing. */
export const API_TOKEN_SECRET_BYTES = 32;

/** Roles a token can have: never Admin or Owner, so a token can never manage the workspace. */
export const API_TOKEN_ROLES = ['editor', 'viewer'] as const;
export const apiTokenRoleSchema = z.enum(API_TOKEN_ROLES, 'A token is an Editor or a Viewer');
export type ApiTokenRole = z.infer<typeof apiTokenRoleSchema>;

export const API_TOKEN_NAME_MAX = 100;

/** Requests one token may make per minute by default (`API_TOKEN_RATE_LIMIT_PER_MINUTE`). */
export const API_TOKEN_RATE_LIMIT_DEFAULT = 600;

export const API_TOKEN_MESSAGES = {
  revoked: 'This API token has been revoked.',
  expired: 'This API token has expired.',
  invalid: 'This API token is not valid.',
  creatorGone: "This API token's creator is no longer a member of its workspace.",
  notForTokens:
    'API tokens cannot do this: tokens, members, invitations, webhooks and workspace settings ' +
    'are managed by a signed-in Admin.',
  nameTaken: 'A token with this name already exists in this workspace.',
  notFound: 'API token not found.',
  expiryPast: 'The expiry must be in the future.',
  tooManyRequests: (seconds: number) =>
    `Too many requests with this API token. Try again in ${seconds} s.`,
} as const;

export const API_TOKEN_CODES = {
  notForTokens: 'token_not_allowed',
  rateLimited: 'token_rate_limited',
} as const;

/** POST /api/v1/workspaces/{id}/tokens. `expires_at`: ISO 8601, in the future; omitted: never. */
export const apiTokenCreateBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(API_TOKEN_NAME_MAX, `At most ${API_TOKEN_NAME_MAX} characters`),
  role: apiTokenRoleSchema,
  expires_at: z.iso
    .datetime({ offset: true, message: 'An ISO 8601 date and time' })
    .nullable()
    .optional(),
});
export type ApiTokenCreateBody = z.infer<typeof apiTokenCreateBodySchema>;

/** The 201 answer: the only time the secret is ever shown (the list has the rest). */
export const apiTokenCreatedSchema = z.object({ id: z.string(), token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** One token as the list shows it: never the secret or its hash. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: apiTokenRoleSchema,
  created_by: z.object({ id: z.string().nullable(), email: z.string() }),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  /** True once `expires_at` has passed (the token answers 401). */
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** True when `value` looks like an API token (a session token is a JWT and never does). */
export function isApiToken(value: string): boolean {
  return value.startsWith(API_TOKEN_PREFIX);
}
