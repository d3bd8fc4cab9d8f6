import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, createTable, createTemplate } from './factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type ApiResponse,
  type TestApp,
  type TestUser,
} from './harness.ts';

// Each race creates a reference and deletes its target at the same moment, many times over. The
// database must end up consistent (no reference to something deleted) and every request must get
// a deliberate answer, never a 5xx. On PostgreSQL requests run concurrently on separate
// connections; SQLite serialises transactions, so there it checks the same answers.
const PAIRS = 20;

function expectOnly(responses: readonly ApiResponse[], allowed: readonly number[]) {
  for (const response of responses) {
    expect(allowed, `${response.status} ${response.text}`).toContain(response.status);
  }
}

describe.each(DIALECTS)('references created while their target is deleted on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, json?: unknown) =>
    t.request(method, url, { token: user.token, ...(json === undefined ? {} : { json }) });

  it('a record linking to a record being deleted: linked and kept (409), or refused (422)', async () => {
    const clients = await createTable(t, user, { name: 'Clients', fields: [{ name: 'name' }] });
    const orders = await createTable(t, user, {
      name: 'Orders',
      fields: [{ name: 'client', type: 'link', linked_table_id: clients.id }],
    });
    const targets = await Promise.all(
      Array.from({ length: PAIRS }, (_, i) => createRecord(t, user, clients.id, { name: `C${i}` })),
    );
    const results = await Promise.all(
      targets.map((target) =>
        Promise.all([
          call('POST', `/api/v1/dynamic-tables/${orders.id}/records`, {
            data: { client: target.id },
          }),
          call('DELETE', `/api/v1/dynamic-tables/${clients.id}/records/${target.id}`),
        ]),
      ),
    );
    expectOnly(
      results.map(([created]) => created),
      [201, 422],
    );
    expectOnly(
      results.map(([, deleted]) => deleted),
      [204, 409],
    );
    const left = await call('GET', `/api/v1/dynamic-tables/${clients.id}/records`);
    const clientIds = new Set((left.body as Array<{ id: string }>).map((record) => record.id));
    const linked = await call('GET', `/api/v1/dynamic-tables/${orders.id}/records`);
    const dangling = (linked.body as Array<{ data: { client: string } }>).filter(
      (order) => !clientIds.has(order.data.client),
    );
    expect(dangling).toEqual([]);
    // Each pair ends one way or the other: the link exists exactly when its target survived.
    for (const [created, deleted] of results) {
      expect(created.status === 201).toBe(deleted.status === 409);
    }
  });

  it('a table linking to a table being deleted: created and kept (409), or refused (422)', async () => {
    const targets = await Promise.all(
      Array.from({ length: PAIRS }, (_, i) => createTable(t, user, { name: `Target ${i}` })),
    );
    const results = await Promise.all(
      targets.map((target, i) =>
        Promise.all([
          call('POST', '/api/v1/dynamic-tables/', {
            name: `Linking ${i}`,
            fields: [{ name: 'target', type: 'link', linked_table_id: target.id }],
          }),
          call('DELETE', `/api/v1/dynamic-tables/${target.id}`),
        ]),
      ),
    );
    expectOnly(
      results.map(([created]) => created),
      [201, 422],
    );
    expectOnly(
      results.map(([, deleted]) => deleted),
      [204, 409],
    );
    const tables = (await call('GET', '/api/v1/dynamic-tables/')).body as Array<{
      id: string;
      fields: Array<{ type: string; linked_table_id?: string | null }>;
    }>;
    const ids = new Set(tables.map((table) => table.id));
    const dangling = tables.flatMap((table) =>
      table.fields.filter(
        (field) => field.type === 'link' && !ids.has(field.linked_table_id ?? ''),
      ),
    );
    expect(dangling).toEqual([]);
  });

  it('a mapping to a table or template being deleted: never a 500, never a mapping to nothing', async () => {
    const tables = await Promise.all(
      Array.from({ length: PAIRS }, (_, i) =>
        createTable(t, user, { name: `Mapped ${i}`, fields: [{ name: 'name' }] }),
      ),
    );
    const templates = await Promise.all(
      Array.from({ length: PAIRS }, () => createTemplate(t, user)),
    );
    const mapping = (templateId: string, tableId: string) =>
      call('POST', '/api/v1/field-mappings/', {
        template_id: templateId,
        field_name: 'applicant.full_name',
        mapped_table_id: tableId,
        mapped_field_key: 'name',
      });
    const tableRaces = await Promise.all(
      tables.map((table, i) =>
        Promise.all([
          // One template per table: a second mapping of the same PDF field would be a 409.
          mapping(templates[i]?.id ?? '', table.id),
          call('DELETE', `/api/v1/dynamic-tables/${table.id}`),
        ]),
      ),
    );
    expectOnly(
      tableRaces.map(([created]) => created),
      [201, 404],
    );
    expectOnly(
      tableRaces.map(([, deleted]) => deleted),
      [204, 409],
    );
    for (const [created, deleted] of tableRaces) {
      expect(created.status === 201).toBe(deleted.status === 409);
    }
    const target = await createTable(t, user, { name: 'Kept', fields: [{ name: 'name' }] });
    const fresh = await Promise.all(Array.from({ length: PAIRS }, () => createTemplate(t, user)));
    const templateRaces = await Promise.all(
      fresh.map((one) =>
        Promise.all([
          mapping(one.id, target.id),
          call('DELETE', `/api/v1/pdf-templates/${one.id}`),
        ]),
      ),
    );
    expectOnly(
      templateRaces.map(([created]) => created),
      [201, 404],
    );
    expectOnly(
      templateRaces.map(([, deleted]) => deleted),
      [204],
    );
    // Every template is gone, and so is every mapping of theirs (the delete cascades).
    for (const one of fresh) {
      const left = await call('GET', `/api/v1/field-mappings/template/${one.id}`);
      expect(left.status).toBe(404);
    }
    const mapped = await t.ctx.db.selectFrom('field_mappings').select('template_id').execute();
    const gone = new Set(fresh.map((one) => one.id));
    expect(mapped.filter((row) => gone.has(row.template_id))).toEqual([]);
  });

  it('a public link to a record or template being deleted: 201 or 404, never left behind', async () => {
    const clients = await createTable(t, user, { name: 'Linked', fields: [{ name: 'name' }] });
    const records = await Promise.all(
      Array.from({ length: PAIRS }, (_, i) => createRecord(t, user, clients.id, { name: `R${i}` })),
    );
    const results = await Promise.all(
      records.map((record) =>
        Promise.all([
          call('POST', `/api/v1/public-data-links/${clients.id}/${record.id}`, {}),
          call('DELETE', `/api/v1/dynamic-tables/${clients.id}/records/${record.id}`),
        ]),
      ),
    );
    expectOnly(
      results.map(([created]) => created),
      [201, 404],
    );
    expectOnly(
      results.map(([, deleted]) => deleted),
      [204],
    );
    const links = await t.ctx.db.selectFrom('public_data_links').select('record_id').execute();
    const deleted = new Set(records.map((record) => record.id));
    expect(links.filter((link) => deleted.has(link.record_id))).toEqual([]);
  });
});
