import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_HISTORY_MESSAGES as M } from '@formbridge/contract/record-history';
import type { RecordResponse } from '@formbridge/contract/records';
import { createRecord } from '../../../test/factories.ts';
import { DIALECTS } from '../../../test/harness.ts';
import { PNG, startHistoryHarness, type HistoryHarness } from './records-history.test-helpers.ts';

// Restoring a record's history entry (issue 32) says clearly why it cannot when a linked record,
// a file or a field is gone, and rebuilds values from the text of entries older than stored values.
describe.each(DIALECTS)('record history restore on %s', (dialect) => {
  let h: HistoryHarness;
  beforeAll(async () => {
    h = await startHistoryHarness(dialect);
  });
  afterAll(() => h.t.close());

  it('refuses a link whose record is gone with a 409 naming the field', async () => {
    const { t, user, companies, clients, recordUrl, restore, patch, latest } = h;
    const initech = await createRecord(t, user, companies.id, { name: 'Initech' });
    const hooli = await createRecord(t, user, companies.id, { name: 'Hooli' });
    const bo = await createRecord(t, user, clients.id, { name: 'Bo', employer: initech.id });
    await patch(clients.id, bo.id, { employer: hooli.id, age: 50 });
    const edit = await latest(clients.id, bo.id);
    const gone = await t.request('DELETE', recordUrl(companies.id, initech.id), {
      token: user.token,
    });
    expect(gone.status, gone.text).toBe(204);

    const refused = await restore(clients.id, bo.id, edit.id);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toEqual({
      detail: M.linkGone('employer', 'Initech'),
      code: 'restore_link_gone',
    });
    // Nothing was written; the other field still restores on its own.
    expect((await latest(clients.id, bo.id)).id).toBe(edit.id);
    const age = await restore(clients.id, bo.id, edit.id, { fields: ['age'] });
    expect(age.status, age.text).toBe(200);
    expect((age.body as RecordResponse).data).toMatchObject({ age: null, employer: hooli.id });

    const unknown = await restore(clients.id, bo.id, edit.id, { fields: ['name'] });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body)).toContain(M.notInEntry('name'));
  });

  it('shows files by name, and refuses to restore a deleted or later-added file', async () => {
    const { t, user, clients, restore, latest } = h;
    const cy = await createRecord(t, user, clients.id, { name: 'Cy' });
    const form = new FormData();
    form.append('field_name', 'scan');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'id-card.png');
    const uploaded = await t.request(
      'POST',
      `/api/v1/files/${clients.id}/records/${cy.id}/upload`,
      {
        token: user.token,
        body: form,
      },
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    const added = await latest(clients.id, cy.id);
    expect(added).toMatchObject({
      action: 'record.file_added',
      changes: [{ field: 'scan', before: null, after: `id-card.png (${PNG.length} B)` }],
    });
    const extra = await restore(clients.id, cy.id, added.id);
    expect(extra.status, extra.text).toBe(409);
    expect(extra.body).toMatchObject({ detail: M.fileExtra('scan', 'id-card.png') });

    const fileId = (uploaded.body as { id: string }).id;
    const removed = await t.request(
      'DELETE',
      `/api/v1/files/${clients.id}/records/${cy.id}/files/${fileId}`,
      { token: user.token },
    );
    expect(removed.status).toBe(204);
    const removal = await latest(clients.id, cy.id);
    expect(removal.action).toBe('record.file_removed');
    const gone = await restore(clients.id, cy.id, removal.id);
    expect(gone.status, gone.text).toBe(409);
    expect(gone.body).toMatchObject({
      detail: M.fileGone('scan', `id-card.png (${PNG.length} B)`),
      code: 'restore_file_gone',
    });
  });

  it('restores entries written before stored values from their text, when it names one value', async () => {
    const { t, user, companies, clients, restore, patch, latest } = h;
    const acme = await createRecord(t, user, companies.id, { name: 'Umbrella' });
    const gus = await createRecord(t, user, clients.id, { name: 'Gus', age: 7, employer: acme.id });
    await patch(clients.id, gus.id, { age: 8, employer: null, vip: true });
    const edit = await latest(clients.id, gus.id);
    // As issue 31 wrote it: text only.
    await t.ctx.db
      .updateTable('audit_events')
      .set({
        changes: JSON.stringify(
          edit.changes.map(({ field, before, after }) => ({ field, before, after })),
        ),
      })
      .where('id', '=', edit.id)
      .execute();
    const back = await restore(clients.id, gus.id, edit.id);
    expect(back.status, back.text).toBe(200);
    expect((back.body as RecordResponse).data).toMatchObject({
      age: 7,
      vip: false,
      employer: acme.id,
    });
  });
});
