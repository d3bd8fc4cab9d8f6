import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  roleAllows,
  roleNeededMessage,
  WORKSPACE_MESSAGES,
  type WorkspaceRole,
} from '@formbridge/contract/workspaces';
import type { RouteRole } from '../src/lib/current-member.ts';
import {
  createClient,
  generate,
  setUpGeneration,
  waitForJob,
} from '../src/modules/completed-forms/completed-forms.test-helpers.ts';
import { createUser, DIALECTS, startTestApp, type TestApp, type TestUser } from './harness.ts';

// The route × role matrix (issue 31), generated from the app's route table: every signed-in
// route that acts in a workspace, called by its Owner, an Admin, an Editor, a Viewer and a member
// of another workspace. Each cell's expected answer follows from the route's least role below; a
// route missing from this list (a new one) fails the first test, so every role is a decision a
// reviewer sees. Then every route again from the other workspace with this one's real ids: none
// may read or change anything here.
const ROUTE_ROLES: Record<string, RouteRole> = {
  // The account itself: no workspace is read (route-auth.test.ts lists them).
  'GET /api/v1/auth/me': 'account',
  'POST /api/v1/auth/logout': 'account',
  'POST /api/v1/auth/logout-all': 'account',
  'POST /api/v1/auth/change-password': 'account',
  'GET /api/v1/invitations': 'account',
  'POST /api/v1/invitations': 'account',
  'DELETE /api/v1/invitations/:id': 'account',
  'GET /api/v1/workspaces': 'account',
  'POST /api/v1/workspaces': 'account',
  'GET /api/v1/onboarding': 'account',
  'PATCH /api/v1/onboarding': 'account',
  'POST /api/v1/onboarding/sample': 'account',
  // The workspace in the path: settings and members are the Admin's, deleting and handing it
  // over the Owner's; any member sees who is in it and may leave.
  'PATCH /api/v1/workspaces/:id': 'admin',
  'DELETE /api/v1/workspaces/:id': 'owner',
  'GET /api/v1/workspaces/:id/members': 'viewer',
  'POST /api/v1/workspaces/:id/members': 'admin',
  'PATCH /api/v1/workspaces/:id/members/:user_id': 'admin',
  'DELETE /api/v1/workspaces/:id/members/:user_id': 'viewer',
  'POST /api/v1/workspaces/:id/transfer': 'owner',
  // Pending invitations into the workspace are the Admin's, like adding members.
  'GET /api/v1/workspaces/:id/invitations': 'admin',
  'DELETE /api/v1/workspaces/:id/invitations/:invitation_id': 'admin',
  'POST /api/v1/workspaces/:id/invitations/:invitation_id/resend': 'admin',
  // The audit log (Activity) is the Admin's: it shows every member's writes and addresses.
  'GET /api/v1/workspaces/:id/audit': 'admin',
  'GET /api/v1/workspaces/:id/audit.csv': 'admin',
  // API tokens (issue 33) are the Admin's, and no token ever calls them (route-auth.ts).
  'GET /api/v1/workspaces/:id/tokens': 'admin',
  'POST /api/v1/workspaces/:id/tokens': 'admin',
  'DELETE /api/v1/workspaces/:id/tokens/:token_id': 'admin',
  // Webhooks send workspace data elsewhere: endpoints and their logs are the Admin's.
  'GET /api/v1/workspaces/:id/webhooks': 'admin',
  'POST /api/v1/workspaces/:id/webhooks': 'admin',
  'GET /api/v1/workspaces/:id/webhooks/:webhook_id': 'admin',
  'PATCH /api/v1/workspaces/:id/webhooks/:webhook_id': 'admin',
  'DELETE /api/v1/workspaces/:id/webhooks/:webhook_id': 'admin',
  'GET /api/v1/workspaces/:id/webhooks/:webhook_id/deliveries': 'admin',
  'POST /api/v1/workspaces/:id/webhooks/:webhook_id/deliveries/:delivery_id/redeliver': 'admin',
  // Reads and downloads: Viewers. Every write, generation, e-mail and link: Editors.
  'POST /api/v1/pdf-templates': 'editor',
  'GET /api/v1/pdf-templates': 'viewer',
  'GET /api/v1/pdf-templates/:id': 'viewer',
  'PUT /api/v1/pdf-templates/:id': 'editor',
  'PUT /api/v1/pdf-templates/:id/fill-settings': 'editor',
  'DELETE /api/v1/pdf-templates/:id': 'editor',
  'GET /api/v1/pdf-templates/:id/fields': 'viewer',
  'POST /api/v1/pdf-templates/:id/field-candidates': 'editor',
  'PUT /api/v1/pdf-templates/:id/fields': 'editor',
  'POST /api/v1/pdf-templates/:id/table-proposal': 'editor',
  'POST /api/v1/pdf-templates/:id/add-columns': 'editor',
  'POST /api/v1/pdf-templates/:id/create-table': 'editor',
  'POST /api/v1/pdf-templates/:id/revisions': 'editor',
  'GET /api/v1/pdf-templates/:id/revisions': 'viewer',
  'POST /api/v1/pdf-templates/:id/revisions/:n/make-current': 'editor',
  'GET /api/v1/dynamic-tables': 'viewer',
  'GET /api/v1/dynamic-tables/:id': 'viewer',
  'POST /api/v1/dynamic-tables': 'editor',
  'PUT /api/v1/dynamic-tables/:id': 'editor',
  'DELETE /api/v1/dynamic-tables/:id': 'editor',
  'GET /api/v1/field-mappings/universal-dynamic-fields': 'viewer',
  'GET /api/v1/field-mappings/template/:templateId': 'viewer',
  'POST /api/v1/field-mappings/template/:templateId/suggest': 'editor',
  'POST /api/v1/field-mappings/template/:templateId/suggestions/reject': 'editor',
  'POST /api/v1/field-mappings': 'editor',
  'GET /api/v1/field-mappings/:id': 'viewer',
  'PUT /api/v1/field-mappings/:id': 'editor',
  'DELETE /api/v1/field-mappings/:id': 'editor',
  // A preview fills nothing it keeps: a read.
  'POST /api/v1/field-mappings/template/:templateId/preview': 'viewer',
  'GET /api/v1/dynamic-tables/:id/records': 'viewer',
  'GET /api/v1/dynamic-tables/:id/records/:recordId': 'viewer',
  'POST /api/v1/dynamic-tables/:id/records': 'editor',
  'PUT /api/v1/dynamic-tables/:id/records/:recordId': 'editor',
  'PATCH /api/v1/dynamic-tables/:id/records/:recordId': 'editor',
  'DELETE /api/v1/dynamic-tables/:id/records/:recordId': 'editor',
  // A record's history (issue 32): any member reads it; restoring is an edit.
  'GET /api/v1/dynamic-tables/:id/records/:recordId/history': 'viewer',
  'POST /api/v1/dynamic-tables/:id/records/:recordId/history/:entryId/restore': 'editor',
  'POST /api/v1/dynamic-tables/:id/import/preview': 'editor',
  'POST /api/v1/dynamic-tables/:id/import': 'editor',
  'GET /api/v1/dynamic-tables/:id/export.csv': 'viewer',
  'POST /files/:tableId/records/:recordId/upload': 'editor',
  'DELETE /files/:tableId/records/:recordId/files/:fileId': 'editor',
  'POST /api/v1/files/:tableId/records/:recordId/upload': 'editor',
  'DELETE /api/v1/files/:tableId/records/:recordId/files/:fileId': 'editor',
  'POST /api/v1/completed-forms/bulk/:templateId/:tableId': 'editor',
  'POST /api/v1/completed-forms/multi-template/:tableId/:recordId': 'editor',
  'GET /api/v1/completed-forms': 'viewer',
  'GET /api/v1/completed-forms/:id': 'viewer',
  'DELETE /api/v1/completed-forms/:id': 'editor',
  'POST /api/v1/completed-forms/:id/email': 'editor',
  'POST /api/v1/completed-forms/:templateId/:tableId/:recordId': 'editor',
  'GET /api/v1/jobs': 'viewer',
  'GET /api/v1/jobs/:id': 'viewer',
  'POST /api/v1/completed-forms/public-link/:templateId/:recordId': 'editor',
  'GET /api/v1/public-form-links': 'viewer',
  'DELETE /api/v1/public-form-links/:idOrToken': 'editor',
  'GET /api/v1/public-data-links': 'viewer',
  'GET /api/v1/public-data-links/:id': 'viewer',
  'POST /api/v1/public-data-links/:tableId/:recordId': 'editor',
  'PUT /api/v1/public-data-links/:id': 'editor',
  'DELETE /api/v1/public-data-links/:id': 'editor',
  // The trash (issue 32): any member sees it, whoever may delete may restore, and only an Admin
  // deletes for good (one item, or Empty trash).
  'GET /api/v1/trash': 'viewer',
  'POST /api/v1/trash/:id/restore': 'editor',
  'DELETE /api/v1/trash/:id': 'admin',
  'DELETE /api/v1/trash': 'admin',
  'GET /api/v1/public-forms/:token/embed': 'viewer',
  'PUT /api/v1/public-forms/:token/embed': 'editor',
  'GET /api/v1/public-data-links/:id/embed': 'viewer',
  'PUT /api/v1/public-data-links/:id/embed': 'editor',
};

// Routes an API token may not call though its role would allow it; every Admin, Owner and account
// route refuses tokens anyway (takesApiTokens). Leaving a workspace would remove the token's creator.
const NOT_FOR_TOKENS = new Set(['DELETE /api/v1/workspaces/:id/members/:user_id']);

/** Writes with no id act on the caller's own workspace as a whole and answer 200 when allowed. */
const WHOLE_WORKSPACE_WRITES = new Set(['DELETE /api/v1/trash']);

const ROLES: WorkspaceRole[] = ['owner', 'admin', 'editor', 'viewer'];
type Ids = Record<string, string>;
type Answer = { status: number; body: unknown };

/** The route's path with `ids` in place of its parameters (by prefix, then by name). */
function concrete(url: string, ids: Ids): string {
  return url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const prefix = url.split('/:')[0] ?? '';
    const byPrefix: Record<string, string | undefined> = {
      '/api/v1/workspaces': ids.workspace,
      '/api/v1/pdf-templates': ids.template,
      '/api/v1/dynamic-tables': ids.table,
      '/api/v1/field-mappings': ids.mapping,
      '/api/v1/completed-forms': ids.form,
      '/api/v1/jobs': ids.job,
      '/api/v1/public-data-links': ids.dataLink,
      '/api/v1/public-form-links': ids.formLink,
    };
    const byName: Record<string, string | undefined> = {
      templateId: ids.template,
      tableId: ids.table,
      recordId: ids.record,
      user_id: ids.member,
      fileId: ids.file,
      token_id: ids.apiToken,
      n: '1',
      token: ids.formLink,
      webhook_id: ids.webhook,
      delivery_id: ids.delivery,
      invitation_id: ids.invitation,
    };
    return (name === 'id' ? byPrefix[prefix] : byName[name]) ?? 'not-an-id';
  });
}

/** A body each write accepts when the ids are real, so ownership, not validation, decides. */
function bodyFor(method: string, url: string, ids: Ids): unknown {
  if (method === 'GET' || method === 'DELETE') {
    return undefined;
  }
  const bodies: Record<string, unknown> = {
    'POST /api/v1/dynamic-tables/:id/records': { data: { first_name: 'Mallory' } },
    'PUT /api/v1/dynamic-tables/:id/records/:recordId': { data: { first_name: 'Mallory' } },
    'PATCH /api/v1/dynamic-tables/:id/records/:recordId': { data: { first_name: 'Mallory' } },
    'POST /api/v1/completed-forms/bulk/:templateId/:tableId': { record_ids: [ids.record] },
    'POST /api/v1/completed-forms/multi-template/:tableId/:recordId': {
      template_ids: [ids.template],
    },
    'POST /api/v1/field-mappings': {
      template_id: ids.template,
      field_name: 'country',
      mapped_table_id: ids.table,
      mapped_field_key: 'country',
    },
    'POST /api/v1/field-mappings/template/:templateId/preview': {
      table_id: ids.table,
      record_id: ids.record,
    },
    'POST /api/v1/completed-forms/:id/email': { recipients: ['x@example.com'] },
  };
  return bodies[`${method} ${url}`] ?? {};
}

/** Lets a signed URL's changing expiry not count as a change. */
function unsigned(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'string' && item.includes('?') ? item.split('?')[0] : item,
    ),
  );
}

for (const dialect of DIALECTS) {
  describe(`route × role matrix on ${dialect}`, () => {
    let t: TestApp;
    let owner: TestUser;
    let outsider: TestUser;
    const members = new Map<WorkspaceRole, TestUser>();
    // The workspace's API tokens, as callers: the owner's account with the token for bearer.
    const tokens = new Map<'editor' | 'viewer', TestUser>();
    const ids: Ids = {};

    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await createUser(t);
      outsider = await createUser(t);
      ids.workspace = owner.id;
      members.set('owner', owner);
      for (const role of ['admin', 'editor', 'viewer'] as const) {
        const user = await createUser(t);
        const added = await t.request('POST', `/api/v1/workspaces/${owner.id}/members`, {
          token: owner.token,
          json: { email: user.email, role },
        });
        expect(added.status, added.text).toBe(201);
        members.set(role, user);
      }
      // One of everything in the workspace: template, tables, record, mappings, a form, a bulk
      // job, a data link and a public form link.
      const setup = await setUpGeneration(t, owner);
      const record = await createClient(t, owner, setup);
      const form = await generate(t, owner, setup, record.id);
      const bulk = await t.request(
        'POST',
        `/api/v1/completed-forms/bulk/${setup.templateId}/${setup.tableId}`,
        { token: owner.token, json: { record_ids: [record.id] } },
      );
      const jobId = (bulk.body as { job: { id: string } }).job.id;
      await waitForJob(t, owner, jobId);
      const mappings = await t.request(
        'GET',
        `/api/v1/field-mappings/template/${setup.templateId}`,
        { token: owner.token },
      );
      const dataLink = await t.request(
        'POST',
        `/api/v1/public-data-links/${setup.tableId}/${record.id}`,
        { token: owner.token, json: {} },
      );
      const formLink = await t.request(
        'POST',
        `/api/v1/completed-forms/public-link/${setup.templateId}/${record.id}`,
        { token: owner.token },
      );
      // A public address literal: no DNS needed, and no event is sent to it in this test.
      const webhook = await t.request('POST', `/api/v1/workspaces/${owner.id}/webhooks`, {
        token: owner.token,
        json: { url: 'https://93.184.215.14/hook', events: ['bulk_job.finished'] },
      });
      expect([dataLink.status, formLink.status, webhook.status]).toEqual([201, 201, 201]);
      Object.assign(ids, {
        template: setup.templateId,
        table: setup.tableId,
        record: record.id,
        form: (form as unknown as { id: string }).id,
        job: jobId,
        mapping: (mappings.body as Array<{ id: string }>)[0]?.id ?? '',
        dataLink: (dataLink.body as { id: string }).id,
        formLink: (formLink.body as { id: string }).id,
        member: 'not-a-member',
        file: 'not-a-file',
        apiToken: 'not-a-token',
        webhook: (webhook.body as { id: string }).id,
        delivery: 'not-a-delivery',
        invitation: 'not-an-invitation',
      });
      for (const role of ['editor', 'viewer'] as const) {
        const made = await t.request('POST', `/api/v1/workspaces/${owner.id}/tokens`, {
          token: owner.token,
          json: { name: `matrix ${role}`, role },
        });
        expect(made.status, made.text).toBe(201);
        tokens.set(role, { ...owner, token: (made.body as { token: string }).token });
      }
    }, 120_000);
    afterAll(() => t.close());

    const inWorkspaceRoutes = () =>
      (t.routeAuth ?? []).filter(
        (route) => route.role !== undefined && route.role !== 'account',
      ) as Array<{ method: string; url: string; role: WorkspaceRole }>;

    async function call(user: TestUser, method: string, url: string, path: string, headers = {}) {
      const json = bodyFor(method, url, ids);
      return t.request(method, path, {
        token: user.token,
        headers,
        ...(json === undefined ? {} : { json }),
      }) as Promise<Answer>;
    }

    it('has a rule for every signed-in route and no rule for a route that is gone', () => {
      const table = Object.fromEntries(
        t.routeAuth
          .filter((route) => route.role !== undefined)
          .map((route) => [`${route.method} ${route.url}`, route.role]),
      );
      expect(table).toEqual(ROUTE_ROLES);
    });

    it('answers each cell as the route role says: allowed, 403 naming the role, or 404', async () => {
      const wrong: string[] = [];
      let cells = 0;
      const inHeader = { 'X-Workspace-Id': owner.id };
      for (const route of inWorkspaceRoutes()) {
        const isRead = route.method === 'GET';
        // Reads with the workspace's real ids; writes with ids that name nothing, so that an
        // allowed write is answered by the route itself (404 / 409 / 422) and changes nothing.
        const path = concrete(route.url, isRead ? ids : { workspace: owner.id });
        for (const role of [...ROLES, 'other workspace'] as const) {
          cells += 1;
          const user = role === 'other workspace' ? outsider : members.get(role);
          const answer = await call(user ?? outsider, route.method, route.url, path, inHeader);
          const cell = `${route.method} ${route.url} as ${role} → ${answer.status}`;
          const detail = (answer.body as { detail?: unknown } | undefined)?.detail;
          if (role === 'other workspace') {
            if (answer.status !== 404 || detail !== WORKSPACE_MESSAGES.notFound) {
              wrong.push(`${cell}: expected 404 Workspace not found.`);
            }
          } else if (!roleAllows(role, route.role)) {
            if (answer.status !== 403 || detail !== roleNeededMessage(route.role, role)) {
              wrong.push(`${cell}: expected 403 ${roleNeededMessage(route.role, role)}`);
            }
          } else if (
            route.url.endsWith('/members/:user_id') &&
            route.method === 'DELETE' &&
            !roleAllows(role, 'admin')
          ) {
            // Any member may leave; removing someone else needs an Admin (checked by the service).
            if (answer.status !== 403 || detail !== roleNeededMessage('admin', role)) {
              wrong.push(`${cell}: expected 403 (only an Admin removes others)`);
            }
          } else if (isRead || WHOLE_WORKSPACE_WRITES.has(`${route.method} ${route.url}`)) {
            if (answer.status !== 200) {
              wrong.push(`${cell}: expected 200`);
            }
          } else if (
            ![404, 409, 415, 422].includes(answer.status) ||
            detail === WORKSPACE_MESSAGES.notFound
          ) {
            wrong.push(`${cell}: expected the route's own 404/409/415/422`);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(cells).toBe(Object.values(ROUTE_ROLES).filter((r) => r !== 'account').length * 5);
    }, 300_000);

    it('lets API tokens call exactly the Editor and Viewer routes, bar the listed ones', () => {
      const wrong = t.routeAuth
        .filter((route) => route.role !== undefined)
        .filter((route) => {
          const key = `${route.method} ${route.url}`;
          const expected =
            (route.role === 'editor' || route.role === 'viewer') && !NOT_FOR_TOKENS.has(key);
          return route.apiTokens !== expected;
        })
        .map((route) => `${route.method} ${route.url}`);
      expect(wrong).toEqual([]);
    });

    it("answers an API token's cells by its role, and refuses it where tokens may not go", async () => {
      const wrong: string[] = [];
      for (const route of t.routeAuth.filter((entry) => entry.role !== undefined)) {
        const isRead = route.method === 'GET';
        const path = concrete(route.url, isRead ? ids : { workspace: owner.id });
        for (const [role, caller] of tokens) {
          const answer = await call(caller, route.method, route.url, path);
          const cell = `${route.method} ${route.url} as ${role} token → ${answer.status}`;
          const body = (answer.body ?? {}) as { detail?: unknown; code?: unknown };
          const needed = route.role as RouteRole;
          if (!route.apiTokens) {
            if (answer.status !== 403 || body.code !== 'token_not_allowed') {
              wrong.push(`${cell}: expected 403 token_not_allowed`);
            }
          } else if (needed !== 'account' && !roleAllows(role, needed)) {
            if (answer.status !== 403 || body.detail !== roleNeededMessage(needed, role)) {
              wrong.push(`${cell}: expected 403 ${roleNeededMessage(needed, role)}`);
            }
          } else if (isRead) {
            if (answer.status !== 200) {
              wrong.push(`${cell}: expected 200`);
            }
          } else if (
            ![404, 409, 415, 422].includes(answer.status) ||
            body.detail === WORKSPACE_MESSAGES.notFound
          ) {
            wrong.push(`${cell}: expected the route's own 404/409/415/422`);
          }
        }
      }
      expect(wrong).toEqual([]);
    }, 300_000);

    it("pins an API token to its workspace: another one, even its creator's, is a 404", async () => {
      const wrong: string[] = [];
      const elsewhere = { workspace: outsider.id };
      for (const route of t.routeAuth.filter((entry) => entry.apiTokens)) {
        const path = concrete(
          route.url,
          route.method === 'GET' ? { ...ids, ...elsewhere } : elsewhere,
        );
        const caller = tokens.get('editor') ?? owner;
        const answer = await call(caller, route.method, route.url, path, {
          'X-Workspace-Id': outsider.id,
        });
        const detail = (answer.body as { detail?: unknown } | undefined)?.detail;
        if (answer.status !== 404 || detail !== WORKSPACE_MESSAGES.notFound) {
          wrong.push(`${route.method} ${route.url} → ${answer.status}`);
        }
      }
      expect(wrong).toEqual([]);
    }, 300_000);

    it('reads and changes nothing of this workspace from another, with its real ids', async () => {
      const snapshot = async () => {
        const reads = [
          '/api/v1/dynamic-tables',
          `/api/v1/dynamic-tables/${ids.table}/records`,
          '/api/v1/pdf-templates',
          `/api/v1/pdf-templates/${ids.template}/fields`,
          `/api/v1/field-mappings/template/${ids.template}`,
          '/api/v1/completed-forms',
          '/api/v1/jobs',
          '/api/v1/public-data-links',
          '/api/v1/public-form-links',
          '/api/v1/trash',
          `/api/v1/workspaces/${owner.id}/members`,
        ];
        const answers = [];
        for (const url of reads) {
          answers.push((await t.request('GET', url, { token: owner.token })).body);
        }
        return unsigned(answers);
      };
      const secretIds = () =>
        ['template', 'table', 'record', 'form', 'job', 'mapping', 'dataLink', 'formLink'].map(
          (key) => ids[key] ?? 'missing',
        );
      const before = await snapshot();
      const leaked: string[] = [];
      for (const route of inWorkspaceRoutes()) {
        const path = concrete(route.url, { ...ids, workspace: owner.id, member: owner.id });
        // The other workspace's member in their own workspace (no header) with this one's ids.
        const answer = await call(outsider, route.method, route.url, path);
        const cell = `${route.method} ${route.url} → ${answer.status}`;
        if (route.method === 'GET') {
          // A list answers 200 with the caller's own items: none of this workspace's may be in it.
          const text = JSON.stringify(answer.body);
          const seen = secretIds().filter((id) => text.includes(id));
          const isList = !route.url.includes(':');
          if (isList ? answer.status !== 200 || seen.length > 0 : answer.status !== 404) {
            leaked.push(`${cell} ${seen.join(', ')}`);
          }
        } else if (WHOLE_WORKSPACE_WRITES.has(`${route.method} ${route.url}`)) {
          // Empties the caller's own (empty) trash: the snapshot below shows nothing here changed.
          if (answer.status !== 200) {
            leaked.push(cell);
          }
        } else if (![404, 409, 415, 422].includes(answer.status)) {
          // 415: an upload route refuses a JSON body before it reads any id.
          leaked.push(cell);
        }
      }
      expect(leaked).toEqual([]);
      expect(await snapshot()).toEqual(before);
    }, 300_000);
  });
}
