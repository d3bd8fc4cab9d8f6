import { WORKSPACE_HEADER } from '@formbridge/contract/workspaces';
import { readStored, removeStored, writeStored } from './local-store';
import { decodeToken, readToken } from './session';

// The workspace a browser acts in, remembered per account: two people sharing a browser each
// come back to their own, and a new sign-in never inherits the last account's choice.
const KEY_PREFIX = 'workspace:';

function signedInUserId(): string | null {
  const token = readToken();
  return token ? (decodeToken(token)?.sub ?? null) : null;
}

/** The stored workspace of the signed-in account; null means its personal workspace. */
export function readWorkspaceId(): string | null {
  const userId = signedInUserId();
  return userId ? readStored(KEY_PREFIX + userId) : null;
}

/** Remembers the workspace to act in; null (or the personal one) forgets the choice. */
export function storeWorkspaceId(workspaceId: string | null): void {
  const userId = signedInUserId();
  if (!userId) {
    return;
  }
  if (workspaceId === null || workspaceId === userId) {
    removeStored(KEY_PREFIX + userId);
  } else {
    writeStored(KEY_PREFIX + userId, workspaceId);
  }
}

/** Bearer token and workspace headers that every call to the API carries. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = readToken();
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  const workspaceId = readWorkspaceId();
  if (workspaceId) {
    headers[WORKSPACE_HEADER] = workspaceId;
  }
  return headers;
}
