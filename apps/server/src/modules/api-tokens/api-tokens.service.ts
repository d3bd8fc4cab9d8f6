import crypto from 'node:crypto';
import {
  API_TOKEN_MESSAGES,
  type ApiToken,
  type ApiTokenCreateBody,
  type ApiTokenCreated,
} from '@formbridge/contract/api-tokens';
import { hashApiToken, newApiTokenSecret } from '../../lib/api-token-auth.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import { memberScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Member } from '../../lib/current-member.ts';
import { AppError } from '../../lib/errors.ts';
import { presentApiToken } from './api-tokens.presenter.ts';
import {
  findLiveToken,
  insertToken,
  isNameTaken,
  listLiveTokens,
  markRevoked,
} from './api-tokens.repo.ts';

/** The workspace's live tokens, newest first, without secrets. */
export async function listApiTokens(ctx: AppContext, workspaceId: string): Promise<ApiToken[]> {
  const now = Date.now();
  return (await listLiveTokens(ctx.db, workspaceId)).map((row) => presentApiToken(row, now));
}

function expiryInPast(): AppError {
  return new AppError(422, [
    { loc: ['body', 'expires_at'], msg: API_TOKEN_MESSAGES.expiryPast, type: 'value_error' },
  ]);
}

/**
 * A new token for the member's workspace (the route lets only Admins and Owners here, never a
 * token). The secret is returned this once; the database keeps its hash.
 */
export async function createApiToken(
  ctx: AppContext,
  member: Member,
  body: ApiTokenCreateBody,
): Promise<ApiTokenCreated> {
  const now = new Date();
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw expiryInPast();
  }
  const secret = newApiTokenSecret();
  const id = crypto.randomUUID();
  const expires = expiresAt?.toISOString() ?? null;
  await ctx.db.transaction().execute(async (trx) => {
    if (await isNameTaken(trx, member.workspaceId, body.name)) {
      throw new AppError(409, API_TOKEN_MESSAGES.nameTaken);
    }
    await insertToken(trx, {
      id,
      workspace_id: member.workspaceId,
      name: body.name,
      role: body.role,
      token_hash: hashApiToken(secret),
      created_by: member.user.id,
      created_by_email: member.user.email,
      created_at: now.toISOString(),
      expires_at: expires,
    });
    await auditWrite(trx, memberScope(member), {
      action: 'api_token.created',
      target: { kind: 'api_token', id, name: body.name },
      after: { name: body.name, role: body.role, expires_at: expires },
    });
  });
  return { id, token: secret };
}

/** Revokes a live token of the member's workspace at once (404 otherwise). */
export async function revokeApiToken(ctx: AppContext, member: Member, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findLiveToken(trx, member.workspaceId, id);
    if (!row) {
      throw new AppError(404, API_TOKEN_MESSAGES.notFound);
    }
    await markRevoked(trx, member.workspaceId, id, new Date().toISOString());
    await auditWrite(trx, memberScope(member), {
      action: 'api_token.revoked',
      target: { kind: 'api_token', id, name: row.name },
      before: { name: row.name, role: row.role },
    });
  });
}
