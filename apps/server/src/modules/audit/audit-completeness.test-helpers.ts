import { expect } from 'vitest';
import type { AuditEvent, AuditPage } from '@formbridge/contract/audit';
import {
  createUser,
  startTestApp,
  type ApiResponse,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import type { DialectName } from '../../db/dialect.ts';

// The audit completeness test's harness: an app whose requests note which write route answered,
// an account, and readers of the workspace's log. Its scenarios live in audit-scenarios.*.

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Write routes that change nothing a workspace keeps, so they log no event; every other write
 * route must be driven by a test above (the last test fails on a new one that is not).
 */
const ACCOUNT = 'the account itself, outside every workspace';
const READ = 'computes an answer and keeps nothing';
export const WRITES_WITHOUT_EVENTS: Record<string, string> = {
  'POST /api/v1/auth/login': ACCOUNT,
  'POST /api/v1/auth/signup': ACCOUNT,
  'POST /api/v1/auth/logout': ACCOUNT,
  'POST /api/v1/auth/logout-all': ACCOUNT,
  'POST /api/v1/auth/change-password': ACCOUNT,
  'POST /api/v1/auth/password-reset': ACCOUNT,
  'POST /api/v1/auth/password-reset/confirm': ACCOUNT,
  'PATCH /api/v1/onboarding': "the account's own checklist, not workspace data",
  'POST /api/v1/invitations': 'an invitation to the instance (sign-up), not into a workspace',
  'DELETE /api/v1/invitations/:id': 'an invitation to the instance (sign-up), not into a workspace',
  'POST /api/v1/invitations/check': READ,
  'PATCH /api/v1/admin/users/:id': "the instance administrator's account settings",
  'DELETE /api/v1/admin/users/:id': "the instance administrator's account removal",
  'DELETE /api/v1/workspaces/:id': 'the workspace and its log are deleted together',
  'POST /api/v1/pdf-templates/:id/field-candidates': READ,
  'POST /api/v1/pdf-templates/:id/table-proposal': READ,
  'POST /api/v1/field-mappings/template/:templateId/suggest': READ,
  'POST /api/v1/field-mappings/template/:templateId/preview': READ,
  'POST /api/v1/dynamic-tables/:id/import/preview': READ,
};

// Every write leaves exactly one event in its workspace's log, with who, what and each field's
// before → after; and a write whose event cannot be written does not happen at all.

/**
 * Write routes whose events are asserted by their own module's test (named here, and checked to
 * read the audit log), for features whose set-up the scenarios here would only repeat.
 */
export const WRITES_AUDITED_ELSEWHERE: Record<string, string> = {
  // One `<kind>.restored` / `<kind>.purged` event per item (Empty trash: one per item purged).
  'POST /api/v1/trash/:id/restore': 'modules/trash/trash.test.ts',
  'DELETE /api/v1/trash/:id': 'modules/trash/trash.test.ts',
  'DELETE /api/v1/trash': 'modules/trash/trash.test.ts',
  // The restore of a record's history entry: a record.updated by whoever restored.
  'POST /api/v1/dynamic-tables/:id/records/:recordId/history/:entryId/restore':
    'modules/records/records-history.test.ts',
  // template.revision_uploaded / template.revision_made_current (issue 32).
  'POST /api/v1/pdf-templates/:id/revisions': 'modules/templates/templates.revisions.test.ts',
  'POST /api/v1/pdf-templates/:id/revisions/:n/make-current':
    'modules/templates/templates.revisions.test.ts',
  'PUT /api/v1/public-forms/:token/embed': 'modules/public-forms/public-forms-embed.test.ts',
  'PUT /api/v1/public-data-links/:id/embed': 'modules/public-forms/public-forms-embed.test.ts',
  // invitation.withdrawn / invitation.resent (pending invitations on the members screen).
  'DELETE /api/v1/workspaces/:id/invitations/:invitation_id':
    'modules/workspaces/workspaces.invitations.test.ts',
  'POST /api/v1/workspaces/:id/invitations/:invitation_id/resend':
    'modules/workspaces/workspaces.invitations.test.ts',
};

export type AuditHarness = {
  dialect: DialectName;
  t: TestApp;
  user: TestUser;
  agent: string;
  /** The newest 200 events of a workspace (the account's personal one by default). */
  events: (workspaceId?: string, reader?: TestUser) => Promise<AuditEvent[]>;
  /** Runs `write` and returns the one event it added (failing when it added none or several). */
  onlyEventOf: (
    write: () => Promise<ApiResponse>,
    okStatus: number,
    workspace?: () => string,
    reader?: TestUser,
  ) => Promise<AuditEvent>;
  /** A JSON request as the account, with a user agent the events must carry. */
  as: (method: string, url: string, json?: unknown) => Promise<ApiResponse>;
};

/**
 * Starts the app (with an SMTP sink, for e-mail writes) and its harness; `unexercised` lists the
 * write routes no scenario drove to success and neither list above excuses.
 */
export async function startAuditHarness(dialect: DialectName) {
  const sink = await startSmtpSink();
  const t = await startTestApp(dialect, { smtpUrl: sink.url });
  const exercised = new Set<string>();
  const writeRoutes = t.routeAuth
    .filter((route) => route.method !== 'GET' && route.method !== 'HEAD')
    .map((route) => ({
      key: `${route.method} ${route.url}`,
      method: route.method,
      params: route.url.split(':').length,
      pattern: new RegExp(`^${route.url.replace(/:[A-Za-z_]+/g, '[^/]+')}/?$`),
    }))
    // A literal segment beats a parameter (`/completed-forms/public-link/…`).
    .sort((a, b) => a.params - b.params);
  const request = t.request;
  t.request = async (method, url, options) => {
    const response = await request(method, url, options);
    const path = url.split('?')[0] ?? url;
    const route = writeRoutes.find((r) => r.method === method && r.pattern.test(path));
    if (route && response.status < 300) {
      exercised.add(route.key);
    }
    return response;
  };
  const user = await createUser(t);
  const agent = 'AuditTest/1.0';

  const events = async (workspaceId = user.id, reader = user): Promise<AuditEvent[]> => {
    const response = await t.request('GET', `/api/v1/workspaces/${workspaceId}/audit?limit=200`, {
      token: reader.token,
    });
    expect(response.status, response.text).toBe(200);
    return (response.body as AuditPage).events;
  };
  const onlyEventOf: AuditHarness['onlyEventOf'] = async (
    write,
    okStatus,
    workspace = () => user.id,
    reader = user,
  ) => {
    const before = new Set((await events(workspace(), reader).catch(() => [])).map((e) => e.id));
    const response = await write();
    expect(response.status, response.text).toBe(okStatus);
    const added = (await events(workspace(), reader)).filter((event) => !before.has(event.id));
    expect(added.map((event) => event.action)).toHaveLength(1);
    return added[0]!;
  };
  const as: AuditHarness['as'] = (method, url, json) =>
    t.request(method, url, {
      token: user.token,
      headers: { 'user-agent': agent },
      ...(json === undefined ? {} : { json }),
    });

  const harness: AuditHarness = { dialect, t, user, agent, events, onlyEventOf, as };
  return {
    harness,
    unexercised: () =>
      writeRoutes
        .map((route) => route.key)
        .filter(
          (key) =>
            !exercised.has(key) &&
            !(key in WRITES_WITHOUT_EVENTS) &&
            !(key in WRITES_AUDITED_ELSEWHERE),
        ),
    close: async () => {
      await t.close();
      await sink.close();
    },
  };
}
