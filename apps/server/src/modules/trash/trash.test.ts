import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@formbridge/contract/audit';
import type { TrashItem, TrashList } from '@formbridge/contract/trash';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  isStored,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { purgeExpiredTrash } from '../../lib/trash/purge-trash.ts';
import { sweepOrphanFiles } from '../../ops/file-sweep.ts';
import { buildGenerationForm, mapFields } from '../completed-forms/completed-forms.test-helpers.ts';
import { form, PNG } from '../record-files/record-files.test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

// The trash (issue 32): a delete keeps the item whole for TRASH_RETENTION_DAYS; a restore puts
// it back with its ids, files and links; the sweep purges it and its files after the retention.
describe.each(DIALECTS)('trash on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect, { trashRetentionDays: 30 });
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const as = (method: string, url: string, json?: unknown) =>
    t.request(method, url, { token: user.token, ...(json === undefined ? {} : { json }) });
  const trash = async (): Promise<TrashItem[]> => {
    const response = await as('GET', '/api/v1/trash');
    expect(response.status, response.text).toBe(200);
    return (response.body as TrashList).items;
  };
  const actions = async () => {
    const response = await as('GET', `/api/v1/workspaces/${user.id}/audit?limit=200`);
    return (response.body as AuditPage).events.map((event) => event.action);
  };

  /** A Staff table with two records (one with a file), a data link, a mapped template and its public form link. */
  async function setUpStaff(name: string) {
    const table = await createTable(t, user, {
      name,
      fields: [
        { name: 'name', type: 'string', required: true },
        { name: 'scan', type: 'file' },
      ],
    });
    const ada = await createRecord(t, user, table.id, { name: 'Ada' });
    await createRecord(t, user, table.id, { name: 'Bob' });
    const upload = await t.request('POST', `/api/v1/files/${table.id}/records/${ada.id}/upload`, {
      token: user.token,
      body: form({ file: PNG, filename: 'scan.png', field_name: 'scan', type: 'image/png' }),
    });
    expect(upload.status, upload.text).toBe(201);
    const file = await t.ctx.db
      .selectFrom('record_files')
      .select(['id', 'file_key'])
      .where('record_id', '=', ada.id)
      .executeTakeFirstOrThrow();
    const dataLink = await as('POST', `/api/v1/public-data-links/${table.id}/${ada.id}`, {});
    expect(dataLink.status, dataLink.text).toBe(201);
    const template = await createTemplate(
      t,
      user,
      Buffer.from(await buildGenerationForm()),
      `${name} sheet`,
    );
    await mapFields(t, user, template.id, table.id, { name: 'name' });
    const formLink = await as(
      'POST',
      `/api/v1/completed-forms/public-link/${template.id}/${ada.id}`,
    );
    expect(formLink.status, formLink.text).toBe(201);
    return {
      table,
      ada,
      file,
      template,
      dataToken: (dataLink.body as { token: string }).token,
      formToken: (formLink.body as { token: string }).token,
    };
  }

  it('restores a table whole: records, files, data links, then its template with mappings and form links', async () => {
    const staff = await setUpStaff('Staff');
    const inUse = await as('DELETE', `/api/v1/dynamic-tables/${staff.table.id}`);
    expect(inUse.status).toBe(409);

    expect((await as('DELETE', `/api/v1/pdf-templates/${staff.template.id}`)).status).toBe(204);
    expect((await as('DELETE', `/api/v1/dynamic-tables/${staff.table.id}`)).status).toBe(204);

    const items = await trash();
    expect(items.slice(0, 2)).toMatchObject([
      { id: staff.table.id, kind: 'table', name: 'Staff', deleted_by: user.email },
      { id: staff.template.id, kind: 'template', name: 'Staff sheet', deleted_by: user.email },
    ]);
    const item = items[0]!;
    expect(Object.keys(item).sort()).toEqual(
      ['deleted_at', 'deleted_by', 'expires_at', 'id', 'kind', 'name'].sort(),
    );
    expect(Date.parse(item.expires_at) - Date.parse(item.deleted_at)).toBe(30 * DAY);

    // Gone from every list and link; the files stay stored, and the orphan sweep leaves them.
    const tables = (await as('GET', '/api/v1/dynamic-tables')).body as Array<{ id: string }>;
    expect(tables.map((one) => one.id)).not.toContain(staff.table.id);
    expect((await as('GET', `/api/v1/dynamic-tables/${staff.table.id}/records`)).status).toBe(404);
    expect((await as('GET', `/api/v1/pdf-templates/${staff.template.id}`)).status).toBe(404);
    expect((await t.request('GET', `/api/v1/public-data-forms/${staff.dataToken}`)).status).toBe(
      404,
    );
    expect((await t.request('GET', `/api/v1/public-forms/${staff.formToken}`)).status).toBe(404);
    const generate = await as(
      'POST',
      `/api/v1/completed-forms/${staff.template.id}/${staff.table.id}/${staff.ada.id}`,
    );
    expect(generate.status).toBe(404);
    await sweepOrphanFiles(t.ctx.db, t.ctx.storage, { graceMs: 0 });
    expect(await isStored(t, staff.file.file_key)).toBe(true);

    // The template first: its mapping reads from the table, which is gone.
    const early = await as('POST', `/api/v1/trash/${staff.template.id}/restore`);
    expect(early.status).toBe(409);
    expect((early.body as { detail: string }).detail).toBe(
      "Template 'Staff sheet' cannot be restored because a mapping reads from the table 'Staff', which is gone. Restore that table from the trash first.",
    );

    const restored = await as('POST', `/api/v1/trash/${staff.table.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toEqual({ id: staff.table.id, kind: 'table', name: 'Staff' });
    const table = await as('GET', `/api/v1/dynamic-tables/${staff.table.id}`);
    expect(table.body).toMatchObject({ id: staff.table.id, name: 'Staff' });
    const records = await as('GET', `/api/v1/dynamic-tables/${staff.table.id}/records`);
    expect(records.status).toBe(200);
    expect(JSON.stringify(records.body)).toContain(staff.file.id);
    expect((records.body as { total?: number }).total ?? 2).toBe(2);
    expect((await t.request('GET', `/api/v1/public-data-forms/${staff.dataToken}`)).status).toBe(
      200,
    );

    expect((await as('POST', `/api/v1/trash/${staff.template.id}/restore`)).status).toBe(200);
    const mappings = await as('GET', `/api/v1/field-mappings/template/${staff.template.id}`);
    expect(mappings.body).toMatchObject([{ field_name: 'name', mapped_table_id: staff.table.id }]);
    expect((await t.request('GET', `/api/v1/public-forms/${staff.formToken}`)).status).toBe(200);
    expect(
      (
        await as(
          'POST',
          `/api/v1/completed-forms/${staff.template.id}/${staff.table.id}/${staff.ada.id}`,
        )
      ).status,
    ).toBe(201);
    expect((await trash()).map((one) => one.id)).not.toContain(staff.table.id);
    const log = await actions();
    expect(log).toEqual(expect.arrayContaining(['table.deleted', 'table.restored']));
    expect(log).toEqual(expect.arrayContaining(['template.deleted', 'template.restored']));
  });

  it('a record waits for its table; a restored record counts again', async () => {
    const table = await createTable(t, user, { name: 'Visitors' });
    const one = await createRecord(t, user, table.id, { name: 'Cleo' });
    await createRecord(t, user, table.id, { name: 'Dan' });
    const recordUrl = `/api/v1/dynamic-tables/${table.id}/records/${one.id}`;
    expect((await as('DELETE', recordUrl)).status).toBe(204);
    expect((await as('GET', recordUrl)).status).toBe(404);
    expect((await as('DELETE', `/api/v1/dynamic-tables/${table.id}`)).status).toBe(204);

    const early = await as('POST', `/api/v1/trash/${one.id}/restore`);
    expect(early.status).toBe(409);
    expect((early.body as { detail: string }).detail).toBe(
      "Record 'Cleo' cannot be restored because its table 'Visitors' is gone. Restore the table from the trash first.",
    );
    expect((await as('POST', `/api/v1/trash/${table.id}/restore`)).status).toBe(200);
    expect((await as('POST', `/api/v1/trash/${one.id}/restore`)).status).toBe(200);
    expect((await as('GET', recordUrl)).status).toBe(200);
    const listed = await as('GET', `/api/v1/dynamic-tables/${table.id}`);
    expect(listed.body).toMatchObject({ record_count: 2 });
    expect((await as('POST', `/api/v1/trash/${one.id}/restore`)).status).toBe(404);
  });

  it('restores a payload copied from SQLite, booleans as 0/1, on either database', async () => {
    const table = await createTable(t, user, { name: 'Copied', use_display_field: false });
    const record = await createRecord(t, user, table.id, { name: 'Flo' });
    const link = await as('POST', `/api/v1/public-data-links/${table.id}/${record.id}`, {});
    expect(link.status).toBe(201);
    expect((await as('DELETE', `/api/v1/dynamic-tables/${table.id}`)).status).toBe(204);
    const item = await t.ctx.db
      .selectFrom('trash_items')
      .select('payload')
      .where('id', '=', table.id)
      .executeTakeFirstOrThrow();
    const copied = item.payload.replace(
      /"(use_display_field|is_active)":(true|false)/g,
      (_m, key, value) => `"${key}":${value === 'true' ? 1 : 0}`,
    );
    expect(copied).toContain('"is_active":1');
    await t.ctx.db
      .updateTable('trash_items')
      .set({ payload: copied })
      .where('id', '=', table.id)
      .execute();
    expect((await as('POST', `/api/v1/trash/${table.id}/restore`)).status).toBe(200);
    expect((await as('GET', `/api/v1/dynamic-tables/${table.id}`)).body).toMatchObject({
      use_display_field: false,
    });
    const token = (link.body as { token: string }).token;
    expect((await t.request('GET', `/api/v1/public-data-forms/${token}`)).status).toBe(200);
  });

  it('a restore racing its table delete ends one way or the other, never dangling', async () => {
    for (let round = 0; round < 5; round += 1) {
      const table = await createTable(t, user, { name: `Race ${round}` });
      const record = await createRecord(t, user, table.id, { name: `Runner ${round}` });
      expect(
        (await as('DELETE', `/api/v1/dynamic-tables/${table.id}/records/${record.id}`)).status,
      ).toBe(204);
      const [restored, deleted] = await Promise.all([
        as('POST', `/api/v1/trash/${record.id}/restore`),
        as('DELETE', `/api/v1/dynamic-tables/${table.id}`),
      ]);
      expect(deleted.status).toBe(204);
      expect([200, 409]).toContain(restored.status);
      const kept = await t.ctx.db
        .selectFrom('trash_items')
        .select('payload')
        .where('id', '=', table.id)
        .executeTakeFirstOrThrow();
      // Restored first: the table's delete took the record along; else the record waits.
      expect(kept.payload.includes(record.id)).toBe(restored.status === 200);
      expect((await trash()).some((item) => item.id === record.id)).toBe(restored.status === 409);
    }
  });

  it('a record others link to still answers 409 on delete', async () => {
    const companies = await createTable(t, user, { name: 'Firms' });
    const acme = await createRecord(t, user, companies.id, { name: 'Acme' });
    const people = await createTable(t, user, {
      name: 'People',
      fields: [
        { name: 'name', type: 'string', required: true },
        { name: 'employer', type: 'link', linked_table_id: companies.id },
      ],
    });
    await createRecord(t, user, people.id, { name: 'Eve', employer: acme.id });
    const refused = await as('DELETE', `/api/v1/dynamic-tables/${companies.id}/records/${acme.id}`);
    expect(refused.status).toBe(409);
    expect((await trash()).map((one) => one.id)).not.toContain(acme.id);
  });

  it('a mapping and a completed form come back; a field mapped again is a 409', async () => {
    const staff = await setUpStaff('Crew');
    const made = await as(
      'POST',
      `/api/v1/completed-forms/${staff.template.id}/${staff.table.id}/${staff.ada.id}`,
    );
    expect(made.status, made.text).toBe(201);
    const formId = (made.body as { id: string }).id;
    const formKey = `completed-forms/${formId}.pdf`;
    expect((await as('DELETE', `/api/v1/completed-forms/${formId}`)).status).toBe(204);
    expect((await as('GET', `/api/v1/completed-forms/${formId}`)).status).toBe(404);
    expect(await isStored(t, formKey)).toBe(true);
    expect((await as('POST', `/api/v1/trash/${formId}/restore`)).status).toBe(200);
    expect((await as('GET', `/api/v1/completed-forms/${formId}`)).status).toBe(200);

    const mappings = await as('GET', `/api/v1/field-mappings/template/${staff.template.id}`);
    const mappingId = (mappings.body as Array<{ id: string }>)[0]!.id;
    expect((await as('DELETE', `/api/v1/field-mappings/${mappingId}`)).status).toBe(204);
    await mapFields(t, user, staff.template.id, staff.table.id, { name: 'name' });
    const taken = await as('POST', `/api/v1/trash/${mappingId}/restore`);
    expect(taken.status).toBe(409);
    expect((taken.body as { detail: string }).detail).toContain('Remove its current mapping first');
  });

  it('the sweep purges expired items and their files; Delete forever is the Admin’s', async () => {
    const staff = await setUpStaff('Temps');
    expect((await as('DELETE', `/api/v1/pdf-templates/${staff.template.id}`)).status).toBe(204);
    expect((await as('DELETE', `/api/v1/dynamic-tables/${staff.table.id}`)).status).toBe(204);
    const templateKey = await t.ctx.db
      .selectFrom('trash_files')
      .select('file_key')
      .where('trash_id', '=', staff.template.id)
      .executeTakeFirstOrThrow();

    expect(await purgeExpiredTrash(t.ctx.db, t.ctx.storage, Date.now() + 29 * DAY)).toBe(0);
    const purged = await purgeExpiredTrash(t.ctx.db, t.ctx.storage, Date.now() + 31 * DAY);
    expect(purged).toBeGreaterThanOrEqual(2);
    expect(await trash()).toEqual([]);
    expect(await isStored(t, staff.file.file_key)).toBe(false);
    expect(await isStored(t, templateKey.file_key)).toBe(false);
    expect((await as('POST', `/api/v1/trash/${staff.table.id}/restore`)).status).toBe(404);
    // No row is left that names the purged table, its records, files or links.
    for (const table of ['table_records', 'record_files', 'public_data_links'] as const) {
      const rows = await t.ctx.db
        .selectFrom(table)
        .select('id')
        .where('table_id', '=', staff.table.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    expect(await actions()).toEqual(expect.arrayContaining(['table.purged', 'template.purged']));

    // Delete forever and Empty trash: an Admin's, not an Editor's.
    const editor = await createUser(t);
    await as('POST', `/api/v1/workspaces/${user.id}/members`, {
      email: editor.email,
      role: 'editor',
    });
    const table = await createTable(t, user, { name: 'Scratch' });
    expect((await as('DELETE', `/api/v1/dynamic-tables/${table.id}`)).status).toBe(204);
    const header = { 'X-Workspace-Id': user.id };
    const asEditor = await t.request('DELETE', `/api/v1/trash/${table.id}`, {
      token: editor.token,
      headers: header,
    });
    expect(asEditor.status).toBe(403);
    expect((await as('DELETE', `/api/v1/trash/${table.id}`)).status).toBe(204);
    expect((await as('DELETE', `/api/v1/trash/${table.id}`)).status).toBe(404);
    await createTable(t, user, { name: 'Scratch 2' }).then((two) =>
      as('DELETE', `/api/v1/dynamic-tables/${two.id}`),
    );
    const emptied = await as('DELETE', '/api/v1/trash');
    expect(emptied.body).toEqual({ purged: 1 });
    expect(await trash()).toEqual([]);
  });
});
