import { API_TIMEOUT_MS } from '@formbridge/contract/limits';
import { formatErrorDetail } from '@formbridge/contract/errors';
import { WORKSPACE_HEADER, WORKSPACE_MESSAGES } from '@formbridge/contract/workspaces';
import { clearToken } from './session';
import { authHeaders, storeWorkspaceId } from './workspace-store';

/** What a request that never reached the server says (no status, no body). */
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Please check your connection.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';

/** An HTTP failure with the server's message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /**
   * The server's JSON detail as one line (lists in words), or null when it sent none. Plain-text
   * and HTML bodies are never here: use describeError to choose what a user reads.
   */
  readonly detail: string | null;

  constructor(status: number, body: unknown, fallback: string) {
    const detail = formatErrorDetail(body);
    super(detail ?? fallback);
    this.status = status;
    this.body = body;
    this.detail = detail;
  }
}

let onUnauthorized: () => void = () => {};

/** The session registers what a 401 means (drop the token, go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

let onWorkspaceGone: () => void = () => {};

/** The workspace switcher registers what to do when the stored workspace is no longer ours. */
export function setWorkspaceGoneHandler(handler: () => void): void {
  onWorkspaceGone = handler;
}

/** A 401 from any call: the stored session is over (spec §8 Global). */
export function endSession(): void {
  clearToken();
  onUnauthorized();
}

export type RequestOptions = {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
  /** Extra request headers (If-Match, Idempotency-Key). */
  headers?: Record<string, string>;
  /** A 401 here is an answer, not an expired session (the sign-in call). */
  isAuthAttempt?: boolean;
};

/** The one HTTP client: bearer token, 30 s timeout, JSON in and out, errors as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).body;
}

/** apiRequest with the answer's status and headers too (X-Total-Count, 201 or 202). */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers; status: number }> {
  const headers: Record<string, string> = {
    ...options.headers,
    accept: 'application/json',
    ...authHeaders(),
  };
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? 'GET', headers, body, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(0, null, TIMEOUT_MESSAGE);
    }
    if (options.signal?.aborted) {
      throw error;
    }
    throw new ApiError(0, null, NETWORK_ERROR_MESSAGE);
  }
  const parsed = await readBody(response);
  if (response.status === 401 && !options.isAuthAttempt) {
    endSession();
  }
  if (isWorkspaceGone(response.status, parsed, headers)) {
    // Removed from the workspace (or it was deleted): back to the personal one. A read is asked
    // again there at once; a write is not repeated in a workspace the user did not choose.
    storeWorkspaceId(null);
    onWorkspaceGone();
    if ((options.method ?? 'GET') === 'GET') {
      return apiRequestWithHeaders<T>(path, options);
    }
  }
  if (!response.ok) {
    throw new ApiError(response.status, parsed, `Request failed (${response.status})`);
  }
  return { body: parsed as T, headers: response.headers, status: response.status };
}

function isWorkspaceGone(status: number, body: unknown, sent: Record<string, string>): boolean {
  return (
    status === 404 &&
    sent[WORKSPACE_HEADER] !== undefined &&
    formatErrorDetail(body) === WORKSPACE_MESSAGES.notFound
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) {
    return null;
  }
  const text = await response.text();
  if (!response.headers.get('content-type')?.includes('application/json')) {
    return text;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
