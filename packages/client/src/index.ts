import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

export type FormbridgeClientOptions = {
  /** Where the server is, e.g. `https://forms.example.com` (no `/api`). */
  baseUrl: string;
  /** An API token (`fbt_…`, made by a workspace Admin) or a session token. */
  token: string;
  /**
   * The workspace to act in (`X-Workspace-Id`). An API token always acts in its own workspace,
   * so scripts leave this out; another workspace's id is answered 404.
   */
  workspaceId?: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch;
};

/** Every route of the API, typed from the server's OpenAPI document: `GET`, `POST`, … */
export type FormbridgeClient = Client<paths>;

/**
 * A typed client of the Formbridge API that sends the token with every request:
 * `const { data, error } = await fb.GET('/api/v1/dynamic-tables/')`. Errors come back as
 * `error` with the server's `{detail, code?}`; nothing throws for an HTTP status.
 */
export function createFormbridgeClient(options: FormbridgeClientOptions): FormbridgeClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: {
      Authorization: `Bearer ${options.token}`,
      ...(options.workspaceId ? { 'X-Workspace-Id': options.workspaceId } : {}),
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
