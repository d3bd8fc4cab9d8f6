import type { ApiToken, ApiTokenRole } from '@formbridge/contract/api-tokens';
import type { ListedApiTokenRow } from './api-tokens.repo.ts';

export function presentApiToken(row: ListedApiTokenRow, now = Date.now()): ApiToken {
  return {
    id: row.id,
    name: row.name,
    role: row.role as ApiTokenRole,
    created_by: { id: row.created_by, email: row.created_by_email },
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    last_used_ip: row.last_used_ip,
    expired: row.expires_at !== null && Date.parse(row.expires_at) <= now,
  };
}
