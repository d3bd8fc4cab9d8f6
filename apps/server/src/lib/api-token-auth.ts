import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  API_TOKEN_CODES,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKEN_SECRET_BYTES,
  type ApiTokenRole,
} from '@formbridge/contract/api-tokens';
import { roleAllows, WORKSPACE_ROLES, type WorkspaceRole } from '@formbridge/contract/workspaces';
import { compileOnce } from '../db/compile-once.ts';
import type { Db } from '../db/database.ts';
import { toBoolean } from '../db/dialect.ts';
import { AppError } from './errors.ts';
import type { CounterStore } from './fixed-window-counter.ts';

/** The API token a request came with (issue 33): it acts in its workspace with its role only. */
export type ApiTokenCaller = {
  id: string;
  name: string;
  workspaceId: string;
  role: ApiTokenRole;
};

declare module 'fastify' {
  interface FastifyRequest {
    apiToken: ApiTokenCaller | null;
  }
}

/** The account a token acts for (its creator), in the shape sessions give. */
export type ApiTokenAccount = { id: string; email: string; created_at: string };

// "Last used" is written at most this often per token: not a write on every request.
const LAST_USED_EVERY_MS = 60_000;

/** A new secret: `fbt_` and 256 random bits, base64url. */
export function newApiTokenSecret(): string {
  return API_TOKEN_PREFIX + crypto.randomBytes(API_TOKEN_SECRET_BYTES).toString('base64url');
}

/**
 * What the database keeps of a secret: its SHA-256 (hex). The secret is 256 random bits, so a
 * slow password hash would add nothing; the lookup is by hash, so no secret is ever compared.
 */
export function hashApiToken(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

// One read per request: the token, its creator's account and the creator's role in the token's
// workspace (a creator who left, was disabled or deleted takes the token's rights with them).
const selectToken = compileOnce((db, args: { hash: string }) =>
  db
    .selectFrom('api_tokens')
    .leftJoin('users', 'users.id', 'api_tokens.created_by')
    .leftJoin('workspace_members', (join) =>
      join
        .onRef('workspace_members.workspace_id', '=', 'api_tokens.workspace_id')
        .onRef('workspace_members.user_id', '=', 'api_tokens.created_by'),
    )
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.role',
      'api_tokens.workspace_id',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      'api_tokens.last_used_at',
      'api_tokens.last_used_ip',
      'users.id as user_id',
      'users.email',
      'users.created_at as user_created_at',
      'users.disabled',
      'workspace_members.role as member_role',
    ])
    .where('api_tokens.token_hash', '=', args.hash),
);

function isRole(value: string | null): value is WorkspaceRole {
  return value !== null && (WORKSPACE_ROLES as readonly string[]).includes(value);
}

export type ApiTokenAuthOptions = { perMinute: number; counters: CounterStore };

/**
 * Resolves an `fbt_` bearer token to the token and the account it acts for, else 401 with why
 * (unknown, revoked, expired, creator gone); counts the request against the token's per-minute
 * limit (429 with Retry-After past it) and notes "last used" about once a minute.
 */
export async function authenticateApiToken(
  db: Db,
  request: FastifyRequest,
  secret: string,
  options: ApiTokenAuthOptions,
): Promise<{ caller: ApiTokenCaller; account: ApiTokenAccount }> {
  const [row] = await selectToken(db, { hash: hashApiToken(secret) });
  if (!row) {
    throw new AppError(401, API_TOKEN_MESSAGES.invalid, 'token_invalid');
  }
  if (row.revoked_at !== null) {
    throw new AppError(401, API_TOKEN_MESSAGES.revoked, 'token_revoked');
  }
  const now = Date.now();
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now) {
    throw new AppError(401, API_TOKEN_MESSAGES.expired, 'token_expired');
  }
  const memberRole = row.member_role;
  if (!row.user_id || !row.email || toBoolean(row.disabled ?? false) || !isRole(memberRole)) {
    throw new AppError(401, API_TOKEN_MESSAGES.creatorGone, 'token_creator_gone');
  }
  await countRequest(row.id, now, options);
  const ip = request.ip || null;
  const lastUsed = row.last_used_at === null ? 0 : Date.parse(row.last_used_at);
  if (now - lastUsed >= LAST_USED_EVERY_MS || row.last_used_ip !== ip) {
    await db
      .updateTable('api_tokens')
      .set({ last_used_at: new Date(now).toISOString(), last_used_ip: ip })
      .where('id', '=', row.id)
      .execute();
  }
  // A creator demoted below the token's role brings the token down with them.
  const tokenRole = row.role === 'editor' ? 'editor' : 'viewer';
  const role: ApiTokenRole = roleAllows(memberRole, tokenRole) ? tokenRole : 'viewer';
  return {
    caller: { id: row.id, name: row.name, workspaceId: row.workspace_id, role },
    account: { id: row.user_id, email: row.email, created_at: row.user_created_at ?? '' },
  };
}

async function countRequest(tokenId: string, now: number, options: ApiTokenAuthOptions) {
  const window = await options.counters.add(`api-token:${tokenId}`, 1, now, 60_000);
  if (window.count > options.perMinute) {
    const seconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    throw new AppError(
      429,
      API_TOKEN_MESSAGES.tooManyRequests(seconds),
      API_TOKEN_CODES.rateLimited,
      { retryAfterSeconds: seconds },
    );
  }
}
