import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@formbridge/contract/audit';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { userActor } from '../../lib/audit/audit-actor.ts';
import { recordAudit } from '../../lib/audit/record-audit.ts';
import { pruneAuditEvents } from '../../lib/audit/retention.ts';

describe.each(DIALECTS)('audit log API on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  const origin = { ip: '203.0.113.7', userAgent: 'Firefox/140' };

  /** Writes `count` events straight into the log, one millisecond apart, oldest first. */
  async function seed(user: TestUser, count: number, action = 'record.updated', targetId = 'r1') {
    for (let index = 0; index < count; index += 1) {
      await recordAudit(t.ctx.db, userActor(user, origin), {
        workspaceId: user.id,
        action,
        target: {
          kind: action.startsWith('table') ? 'table' : 'record',
          id: targetId,
          name: `Ada ${index}`,
        },
        changes: [{ field: 'city', before: `Old ${index}`, after: `New ${index}` }],
      });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  const page = async (user: TestUser, query = '') => {
    const response = await t.request('GET', `/api/v1/workspaces/${user.id}/audit${query}`, {
      token: user.token,
    });
    expect(response.status, response.text).toBe(200);
    return response.body as AuditPage;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = await createUser(t);
    await seed(owner, 5);
    await seed(owner, 2, 'table.schema_changed', 't1');
  });
  afterAll(() => t.close());

  it('pages newest first with a cursor until the last page says so', async () => {
    const first = await page(owner, '?limit=3');
    expect(first.events.map((event) => event.action)).toEqual([
      'table.schema_changed',
      'table.schema_changed',
      'record.updated',
    ]);
    expect(first.events[0]).toMatchObject({
      actor: { kind: 'user', id: owner.id, name: owner.email },
      source: 'web',
      target: { kind: 'table', id: 't1', name: 'Ada 1' },
      changes: [{ field: 'city', before: 'Old 1', after: 'New 1' }],
      ip: '203.0.113.7',
      user_agent: 'Firefox/140',
    });
    const seen = [...first.events];
    let cursor = first.next_cursor;
    while (cursor) {
      const next = await page(owner, `?limit=3&cursor=${cursor}`);
      seen.push(...next.events);
      cursor = next.next_cursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((event) => event.id)).size).toBe(7);
    expect(seen.map((event) => event.target.name).slice(2)).toEqual([
      'Ada 4',
      'Ada 3',
      'Ada 2',
      'Ada 1',
      'Ada 0',
    ]);
  });

  it('filters by action, target, actor and time', async () => {
    expect((await page(owner, '?action=record.updated')).events).toHaveLength(5);
    expect((await page(owner, '?target_kind=table')).events).toHaveLength(2);
    expect((await page(owner, '?target_id=r1')).events).toHaveLength(5);
    expect((await page(owner, `?actor=${owner.id}`)).events).toHaveLength(7);
    expect((await page(owner, '?actor=someone-else')).events).toHaveLength(0);
    const all = (await page(owner)).events;
    const middle = all[3]!.at;
    const since = await page(owner, `?from=${encodeURIComponent(middle)}`);
    expect(since.events.every((event) => event.at >= middle)).toBe(true);
    expect(since.events.length).toBeGreaterThanOrEqual(4);
    const until = await page(owner, `?to=${encodeURIComponent(all.at(-1)!.at)}`);
    expect(until.events.at(-1)?.id).toBe(all.at(-1)?.id);
    expect(until.events.length).toBeLessThan(7);
  });

  it("refuses a cursor it did not make, and another member's workspace like a missing one", async () => {
    const bad = await t.request('GET', `/api/v1/workspaces/${owner.id}/audit?cursor=nope`, {
      token: owner.token,
    });
    expect(bad.status).toBe(422);
    const stranger = await createUser(t);
    for (const path of ['audit', 'audit.csv']) {
      const response = await t.request('GET', `/api/v1/workspaces/${owner.id}/${path}`, {
        token: stranger.token,
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Workspace not found.' });
    }
    expect((await page(stranger)).events).toEqual([]);
  });

  it("is for the workspace's Admins: an Editor's write shows there, the Editor cannot read it", async () => {
    const admin = await createUser(t);
    const editor = await createUser(t);
    const workspaceId = crypto.randomUUID();
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('workspaces')
      .values({ id: workspaceId, name: 'Office', personal_user_id: null, created_at: now })
      .execute();
    await t.ctx.db
      .insertInto('workspace_members')
      .values([
        { workspace_id: workspaceId, user_id: owner.id, role: 'owner', created_at: now },
        { workspace_id: workspaceId, user_id: admin.id, role: 'admin', created_at: now },
        { workspace_id: workspaceId, user_id: editor.id, role: 'editor', created_at: now },
      ])
      .execute();
    const inOffice = { 'x-workspace-id': workspaceId };
    const made = await t.request('POST', '/api/v1/dynamic-tables/', {
      token: editor.token,
      headers: inOffice,
      json: { name: 'Shared clients', fields: [{ name: 'name' }] },
    });
    expect(made.status, made.text).toBe(201);
    const url = `/api/v1/workspaces/${workspaceId}/audit`;
    const read = await t.request('GET', url, { token: admin.token });
    expect(read.status, read.text).toBe(200);
    expect((read.body as AuditPage).events).toMatchObject([
      {
        action: 'table.created',
        actor: { kind: 'user', id: editor.id, name: editor.email },
        target: { kind: 'table', name: 'Shared clients' },
      },
    ]);
    // Not in the Editor's personal log: the write was the workspace's.
    expect((await page(editor)).events).toEqual([]);
    for (const path of [url, `${url}.csv`]) {
      const refused = await t.request('GET', path, { token: editor.token });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        detail: 'This needs an Admin of this workspace; your role is Editor.',
      });
    }
  });

  it('exports the filtered log as CSV, formulas defused', async () => {
    const user = await createUser(t);
    await recordAudit(t.ctx.db, userActor(user, origin), {
      workspaceId: user.id,
      action: 'record.created',
      target: { kind: 'record', id: 'r9', name: '=HYPERLINK("x")' },
      changes: [{ field: 'note', before: null, after: 'line one, "quoted"' }],
    });
    const response = await t.request('GET', `/api/v1/workspaces/${user.id}/audit.csv`, {
      token: user.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="activity-/);
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'time,actor_kind,actor_id,actor,source,action,target_kind,target_id,target,changes,ip,user_agent,event_id',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,user,${user.id},${user.email},web,record.created,record,r9,`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('"note: (empty) → line one, ""quoted"""');
  });

  it('forgets events past the retention period and keeps the rest', async () => {
    const user = await createUser(t);
    await seed(user, 2);
    const inTwoYears = Date.now() + 2 * 365 * 24 * 60 * 60 * 1000;
    expect(await pruneAuditEvents(t.ctx.db, 365 * 3, inTwoYears)).toBe(0);
    const removed = await pruneAuditEvents(t.ctx.db, 365, inTwoYears);
    expect(removed).toBeGreaterThanOrEqual(2);
    expect((await page(user)).events).toEqual([]);
  });
});
