import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@formbridge/contract/audit';
import type { RecordHistoryEntry, RecordHistoryPage } from '@formbridge/contract/record-history';
import type { RecordResponse } from '@formbridge/contract/records';
import { createRecord } from '../../../test/factories.ts';
import { createUser, DIALECTS, expectNotFoundForOtherUser } from '../../../test/harness.ts';
import { setUpApplication, sharePublicForm } from '../public-forms/public-forms.test-helpers.ts';
import { startHistoryHarness, type HistoryHarness } from './records-history.test-helpers.ts';

// A record's history (issue 32): every write path shows up with who, from where and each field's
// before → after, and restoring writes a normal, audited edit by whoever restored.
describe.each(DIALECTS)('record history on %s', (dialect) => {
  let h: HistoryHarness;
  beforeAll(async () => {
    h = await startHistoryHarness(dialect);
  });
  afterAll(() => h.t.close());

  it('shows edits newest first, links by name, and restores an entry or one field', async () => {
    const { t, user, companies, clients, history, restore, patch } = h;
    const acme = await createRecord(t, user, companies.id, { name: 'Acme' });
    const globex = await createRecord(t, user, companies.id, { name: 'Globex' });
    const ada = await createRecord(t, user, clients.id, {
      name: 'Ada',
      age: 36,
      employer: acme.id,
    });
    await patch(clients.id, ada.id, { age: 37, vip: true, employer: globex.id });

    const page = await history(clients.id, ada.id);
    expect(page.next_cursor).toBeNull();
    expect(page.entries.map((entry) => entry.action)).toEqual(['record.updated', 'record.created']);
    const [edit, created] = page.entries as [RecordHistoryEntry, RecordHistoryEntry];
    expect(edit).toMatchObject({
      actor: { kind: 'user', id: user.id, name: user.email },
      source: 'web',
      changes: [
        { field: 'age', before: '36', after: '37', restorable: true },
        { field: 'vip', before: 'No', after: 'Yes', restorable: true },
        { field: 'employer', before: 'Acme', after: 'Globex', restorable: true },
      ],
    });
    expect(Date.parse(edit.at)).toBeGreaterThanOrEqual(Date.parse(created.at));
    expect(created.changes).toContainEqual({
      field: 'name',
      before: null,
      after: 'Ada',
      restorable: true,
    });

    // One field back: only age changes.
    const one = await restore(clients.id, ada.id, edit.id, { fields: ['age'] });
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ version: 3, data: { age: 36, vip: true } });
    expect(one.headers.get('etag')).toBe('"3"');
    // The whole version back, as a new entry of its own.
    const all = await restore(clients.id, ada.id, edit.id);
    expect(all.status, all.text).toBe(200);
    expect((all.body as RecordResponse).data).toMatchObject({
      age: 36,
      vip: false,
      employer: acme.id,
    });
    const after = await history(clients.id, ada.id);
    expect(after.entries).toHaveLength(4);
    // A restore is an edit in the workspace's audit log like any other, by whoever restored.
    const log = await t.request(
      'GET',
      `/api/v1/workspaces/${user.id}/audit?target_id=${ada.id}&limit=1`,
      { token: user.token },
    );
    expect((log.body as AuditPage).events[0]).toMatchObject({
      id: after.entries[0]?.id,
      action: 'record.updated',
      actor: { kind: 'user', id: user.id },
      source: 'web',
    });
    expect(after.entries[0]).toMatchObject({
      action: 'record.updated',
      source: 'web',
      changes: [
        { field: 'vip', before: 'Yes', after: 'No' },
        { field: 'employer', before: 'Globex', after: 'Acme' },
      ],
    });
  });

  it('shows imported records as created by the import', async () => {
    const { t, user, clients, history, restore } = h;
    const csv = new FormData();
    csv.append('file', new Blob(['name,age\nDee,41\nEd,52\n'], { type: 'text/csv' }), 'c.csv');
    const imported = await t.request('POST', `/api/v1/dynamic-tables/${clients.id}/import`, {
      token: user.token,
      body: csv,
    });
    expect(imported.status, imported.text).toBe(201);
    const rows = (
      await t.request('GET', `/api/v1/dynamic-tables/${clients.id}/records`, { token: user.token })
    ).body as RecordResponse[];
    const ed = rows.find((row) => row.data.name === 'Ed');
    expect(ed).toBeDefined();
    const page = await history(clients.id, ed!.id);
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      action: 'record.created',
      source: 'import',
      actor: { kind: 'user', id: user.id },
      changes: [
        { field: 'name', before: null, after: 'Ed' },
        { field: 'age', before: null, after: '52' },
        { field: 'vip', before: null, after: 'No' },
      ],
    });
    // Restoring a creation's "before" empties the fields: a normal edit, validation included.
    const refused = await restore(clients.id, ed!.id, page.entries[0]!.id, { fields: ['name'] });
    expect(refused.status).toBe(422);
    const emptied = await restore(clients.id, ed!.id, page.entries[0]!.id, { fields: ['age'] });
    expect(emptied.status, emptied.text).toBe(200);
    expect((emptied.body as RecordResponse).data).toMatchObject({ name: 'Ed', age: null });
  });

  it('shows data-link and public-form writes as their link, and restores them', async () => {
    const { t, user, clients, restore, latest } = h;
    const fay = await createRecord(t, user, clients.id, { name: 'Fay', age: 20 });
    const link = (
      await t.request('POST', `/api/v1/public-data-links/${clients.id}/${fay.id}`, {
        token: user.token,
        json: {},
      })
    ).body as { id: string; token: string };
    const submitted = await t.request('POST', `/api/v1/public-data-forms/${link.token}/submit`, {
      json: { form_data: { age: '21' } },
    });
    expect(submitted.status, submitted.text).toBe(200);
    const visit = await latest(clients.id, fay.id);
    expect(visit).toMatchObject({
      actor: { kind: 'data_link', id: link.id, name: 'Data link' },
      source: 'data_link',
      changes: [{ field: 'age', before: '20', after: '21' }],
    });
    const back = await restore(clients.id, fay.id, visit.id);
    expect(back.status, back.text).toBe(200);
    expect((back.body as RecordResponse).data.age).toBe(20);
    expect(await latest(clients.id, fay.id)).toMatchObject({
      actor: { kind: 'user', id: user.id },
      source: 'web',
      changes: [{ field: 'age', before: '21', after: '20' }],
    });

    const app = await setUpApplication(t, user);
    const shared = await sharePublicForm(t, user, app.templateId, app.recordId);
    const sent = await t.request('POST', `/api/v1/public-forms/${shared.token}/submit`, {
      json: { full_name: 'Ada King', agrees: true },
    });
    expect(sent.status, sent.text).toBe(200);
    const form = await latest(app.tableId, app.recordId);
    expect(form).toMatchObject({
      actor: { kind: 'public_link', id: shared.id },
      source: 'public_form',
      changes: expect.arrayContaining([
        expect.objectContaining({ field: 'full_name', before: 'Ada Lovelace', after: 'Ada King' }),
      ]),
    });
    const restored = await restore(app.tableId, app.recordId, form.id);
    expect(restored.status, restored.text).toBe(200);
    expect((restored.body as RecordResponse).data).toMatchObject({
      full_name: 'Ada Lovelace',
      agrees: false,
    });
  });

  it('shows API-token writes as the token from the API, and restores through it', async () => {
    const { t, user, clients, recordUrl, latest } = h;
    const made = await t.request('POST', `/api/v1/workspaces/${user.id}/tokens`, {
      token: user.token,
      json: { name: 'sync-script', role: 'editor' },
    });
    expect(made.status, made.text).toBe(201);
    const { id: tokenId, token } = made.body as { id: string; token: string };
    const ivy = await createRecord(t, user, clients.id, { name: 'Ivy', age: 30 });
    const changed = await t.request('PATCH', recordUrl(clients.id, ivy.id), {
      token,
      json: { data: { age: 31 } },
    });
    expect(changed.status, changed.text).toBe(200);
    const edit = await latest(clients.id, ivy.id);
    expect(edit).toMatchObject({
      actor: { kind: 'token', id: tokenId, name: 'sync-script' },
      source: 'api',
      changes: [{ field: 'age', before: '30', after: '31' }],
    });
    const read = await t.request('GET', `${recordUrl(clients.id, ivy.id)}/history`, { token });
    expect(read.status, read.text).toBe(200);
    const back = await t.request(
      'POST',
      `${recordUrl(clients.id, ivy.id)}/history/${edit.id}/restore`,
      { token, json: {}, headers: { 'if-match': '"2"' } },
    );
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ version: 3, data: { age: 30 } });
    expect(await latest(clients.id, ivy.id)).toMatchObject({
      actor: { kind: 'token', id: tokenId },
      source: 'api',
    });
    // If-Match naming an older version: nothing restored, the record as it is now.
    const stale = await t.request(
      'POST',
      `${recordUrl(clients.id, ivy.id)}/history/${edit.id}/restore`,
      { token, json: {}, headers: { 'if-match': '"2"' } },
    );
    expect(stale.status, stale.text).toBe(412);
    expect(stale.body).toMatchObject({ code: 'record_changed', current: { version: 3 } });
  });

  it('pages with a cursor, keeps to its record, and needs an Editor to restore', async () => {
    const { t, user, clients, recordUrl, history, patch, latest } = h;
    const hal = await createRecord(t, user, clients.id, { name: 'Hal', age: 0 });
    for (let age = 1; age <= 4; age += 1) {
      await patch(clients.id, hal.id, { age });
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: RecordHistoryPage = await history(
        clients.id,
        hal.id,
        `?limit=2${cursor ? `&before=${cursor}` : ''}`,
      );
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(
        ...page.entries.map((entry) => entry.changes.find((c) => c.field === 'age')?.after ?? ''),
      );
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(['4', '3', '2', '1', '0']);

    const url = `${recordUrl(clients.id, hal.id)}/history`;
    await expectNotFoundForOtherUser(t, 'GET', url);
    const entry = await latest(clients.id, hal.id);
    await expectNotFoundForOtherUser(t, 'POST', `${url}/${entry.id}/restore`, { json: {} });

    const viewer = await createUser(t);
    const added = await t.request('POST', `/api/v1/workspaces/${user.id}/members`, {
      token: user.token,
      json: { email: viewer.email, role: 'viewer' },
    });
    expect(added.status, added.text).toBe(201);
    const asViewer = { token: viewer.token, headers: { 'x-workspace-id': user.id } };
    const read = await t.request('GET', url, asViewer);
    expect(read.status, read.text).toBe(200);
    const denied = await t.request('POST', `${url}/${entry.id}/restore`, { ...asViewer, json: {} });
    expect(denied.status, denied.text).toBe(403);
  });
});
