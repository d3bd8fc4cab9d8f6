import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_MESSAGES } from '@formbridge/contract/tables-validation';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { insertMapping } from '../mappings/mappings.repo.ts';
import type { TableResponse } from '@formbridge/contract/tables';

const BASE = '/api/v1/dynamic-tables';

describe.each(DIALECTS)('dynamic tables on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const post = (json: unknown, who: TestUser = user) =>
    t.request('POST', `${BASE}/`, { token: who.token, json });

  it('creates a table with defaults filled in and returns it with counts', async () => {
    const response = await post({
      name: '  Clients ',
      fields: [
        { name: 'Full Name', type: 'string', required: true },
        { name: 'Age', type: 'number', required: false, label: 'Age in years' },
        { name: 'Notes' },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Clients',
      fields: [
        { name: 'Full Name', label: 'Full Name', type: 'string', required: true },
        { name: 'Age', label: 'Age in years', type: 'number', required: false },
        { name: 'Notes', label: 'Notes', type: 'string', required: false },
      ],
      combination_rules: [],
      use_display_field: false,
      display_field_key: null,
      field_count: 3,
      record_count: 0,
    });
    const table = response.body as TableResponse;
    expect(table.id).toMatch(/^[0-9a-f-]{36}$/);
    const one = await t.request('GET', `${BASE}/${table.id}`, { token: user.token });
    expect(one.body).toEqual(table);
  });

  it('lists the owner’s tables, newest first, with field and record counts', async () => {
    const owner = await createUser(t);
    const first = await createTable(t, owner, { name: 'First' });
    const second = await createTable(t, owner, {
      name: 'Second',
      fields: [{ name: 'name' }, { name: 'email', type: 'email' }],
    });
    await createRecord(t, owner, second.id, { name: 'A' });
    await createRecord(t, owner, second.id, { name: 'B' });
    const list = await t.request('GET', `${BASE}/`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject([
      { id: second.id, name: 'Second', field_count: 2, record_count: 2 },
      { id: first.id, name: 'First', field_count: 1, record_count: 0 },
    ]);
    const noSlash = await t.request('GET', BASE, { token: owner.token });
    expect((noSlash.body as unknown[]).length).toBe(2);
  });

  it('stores combination rules and a display field', async () => {
    const table = await createTable(t, user, {
      fields: [{ name: 'first' }, { name: 'last' }, { name: 'email', type: 'email' }],
      combination_rules: [{ name: 'full_name', source_fields: ['first', 'last'], separator: ' ' }],
      use_display_field: true,
      display_field_key: 'email',
    });
    expect(table).toMatchObject({
      combination_rules: [
        { name: 'full_name', label: 'full_name', source_fields: ['first', 'last'], separator: ' ' },
      ],
      use_display_field: true,
      display_field_key: 'email',
    });
    const defaults = await createTable(t, user, {
      fields: [{ name: 'a' }, { name: 'b' }],
      combination_rules: [{ name: 'ab', source_fields: ['a', 'b'] }],
    });
    expect(defaults.combination_rules[0]?.separator).toBe(', ');
  });

  const field = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    type: 'string',
    required: false,
    ...extra,
  });

  it.each([
    [{ name: ' ', fields: [field('a')] }, ['name'], TABLE_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(201), fields: [field('a')] }, ['name'], TABLE_MESSAGES.nameTooLong],
    [{ name: 'T', fields: [] }, ['fields'], TABLE_MESSAGES.fieldsRequired],
    [{ name: 'T', fields: [field('  ')] }, ['fields', 0, 'name'], TABLE_MESSAGES.fieldNameRequired],
    [
      { name: 'T', fields: [field('Email'), field('email')] },
      ['fields', 1, 'name'],
      TABLE_MESSAGES.fieldNamesUnique,
    ],
    [
      { name: 'T', fields: [field('a.b')] },
      ['fields', 0, 'name'],
      TABLE_MESSAGES.nameHasSeparator('Field', 'a.b'),
    ],
    [
      { name: 'T', fields: [field('a'.repeat(101))] },
      ['fields', 0, 'name'],
      TABLE_MESSAGES.nameTooLongFor('Field'),
    ],
    [
      { name: 'T', fields: [field('a', { label: 'l'.repeat(201) })] },
      ['fields', 0, 'label'],
      TABLE_MESSAGES.labelTooLong,
    ],
    [
      { name: 'T', fields: [field('a')], use_display_field: true },
      ['display_field_key'],
      TABLE_MESSAGES.displayFieldRequired,
    ],
    [
      { name: 'T', fields: [field('a')], use_display_field: true, display_field_key: 'zz' },
      ['display_field_key'],
      TABLE_MESSAGES.displayFieldUnknown('zz'),
    ],
    [
      {
        name: 'T',
        fields: [field('a'), field('when', { type: 'date' })],
        use_display_field: true,
        display_field_key: 'when',
      },
      ['display_field_key'],
      TABLE_MESSAGES.displayFieldType,
    ],
    [
      { name: 'T', fields: [field('a')], combination_rules: [{ name: '', source_fields: ['a'] }] },
      ['combination_rules', 0, 'name'],
      TABLE_MESSAGES.ruleNameRequired,
    ],
    [
      {
        name: 'T',
        fields: [field('a')],
        combination_rules: [
          { name: 'r', source_fields: ['a'] },
          { name: 'R', source_fields: ['a'] },
        ],
      },
      ['combination_rules', 1, 'name'],
      TABLE_MESSAGES.ruleNamesUnique,
    ],
    [
      { name: 'T', fields: [field('a')], combination_rules: [{ name: 'A', source_fields: ['a'] }] },
      ['combination_rules', 0, 'name'],
      TABLE_MESSAGES.ruleNameClash('A'),
    ],
    [
      { name: 'T', fields: [field('a')], combination_rules: [{ name: 'r', source_fields: [] }] },
      ['combination_rules', 0, 'source_fields'],
      TABLE_MESSAGES.ruleSourcesRequired('r'),
    ],
    [
      { name: 'T', fields: [field('a')], combination_rules: [{ name: 'r', source_fields: ['b'] }] },
      ['combination_rules', 0, 'source_fields', 0],
      TABLE_MESSAGES.ruleSourceUnknown('r', 'b'),
    ],
    [
      {
        name: 'T',
        fields: [field('scan', { type: 'file' })],
        combination_rules: [{ name: 'r', source_fields: ['scan'] }],
      },
      ['combination_rules', 0, 'source_fields', 0],
      TABLE_MESSAGES.ruleSourceFile('r', 'scan'),
    ],
  ])('refuses an invalid table with the spec’s message (%#)', async (body, loc, msg) => {
    const response = await post(body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [{ loc: ['body', ...loc], msg, type: 'value_error' }],
    });
  });

  it('reports every problem at once', async () => {
    const response = await post({ name: '', fields: [field(''), field('b'), field('B')] });
    expect(response.status).toBe(422);
    expect((response.body as { detail: Array<{ msg: string }> }).detail.map((i) => i.msg)).toEqual([
      TABLE_MESSAGES.nameRequired,
      TABLE_MESSAGES.fieldNameRequired,
      TABLE_MESSAGES.fieldNamesUnique,
    ]);
  });

  it('refuses a wrongly shaped body with 422 from the schema', async () => {
    const response = await post({ name: 'T', fields: [{ name: 'a', type: 'color' }] });
    expect(response.status).toBe(422);
    const { detail } = response.body as { detail: Array<{ loc: unknown[] }> };
    // Schema-level locations come from JSON pointers, so indices arrive as strings there.
    expect(detail[0]?.loc.map(String)).toEqual(['body', 'fields', '0', 'type']);
  });

  it('checks link fields: another table of the same user is required', async () => {
    const loner = await createUser(t);
    const none = await post({ name: 'T', fields: [field('client', { type: 'link' })] }, loner);
    expect(none.body).toEqual({
      detail: [
        {
          loc: ['body', 'fields', 0, 'type'],
          msg: TABLE_MESSAGES.noLinkableTables,
          type: 'value_error',
        },
      ],
    });
    const target = await createTable(t, loner, { name: 'Target' });
    const missing = await post({ name: 'T', fields: [field('client', { type: 'link' })] }, loner);
    expect(missing.body).toMatchObject({
      detail: [
        {
          loc: ['body', 'fields', 0, 'linked_table_id'],
          msg: TABLE_MESSAGES.linkTableMissing('client'),
        },
      ],
    });
    const strangersTable = await createTable(t, user, { name: 'Not yours' });
    for (const id of [strangersTable.id, crypto.randomUUID()]) {
      const foreign = await post(
        { name: 'T', fields: [field('client', { type: 'link', linked_table_id: id })] },
        loner,
      );
      expect(foreign.body).toMatchObject({
        detail: [{ msg: TABLE_MESSAGES.linkTableUnknown('client') }],
      });
    }
    const ok = await post(
      { name: 'T', fields: [field('client', { type: 'link', linked_table_id: target.id })] },
      loner,
    );
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ fields: [{ type: 'link', linked_table_id: target.id }] });
    const dropped = await post(
      { name: 'T2', fields: [field('plain', { linked_table_id: target.id })] },
      loner,
    );
    expect((dropped.body as TableResponse).fields[0]).not.toHaveProperty('linked_table_id');
  });

  it('deletes a table with its records', async () => {
    const table = await createTable(t, user);
    await createRecord(t, user, table.id, { name: 'Gone' });
    const deleted = await t.request('DELETE', `${BASE}/${table.id}`, { token: user.token });
    expect(deleted.status).toBe(204);
    const gone = await t.request('GET', `${BASE}/${table.id}`, { token: user.token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: 'Table not found' });
    const records = await t.ctx.db
      .selectFrom('table_records')
      .select('id')
      .where('table_id', '=', table.id)
      .execute();
    expect(records).toEqual([]);
  });

  it('refuses to delete a table that other tables link to, naming them', async () => {
    const owner = await createUser(t);
    const clients = await createTable(t, owner, { name: 'Clients' });
    for (const name of ['Orders', 'Invoices']) {
      await createTable(t, owner, {
        name,
        fields: [field('client', { type: 'link', linked_table_id: clients.id })],
      });
    }
    const response = await t.request('DELETE', `${BASE}/${clients.id}`, { token: owner.token });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      detail:
        "Table 'Clients' cannot be deleted because it is linked from the tables 'Invoices' and 'Orders'.",
      code: 'table_in_use',
    });
  });

  it('refuses to delete a table that template mappings use, naming the templates', async () => {
    const owner = await createUser(t);
    const table = await createTable(t, owner, { name: 'People' });
    const template = await createTemplate(t, owner, undefined, 'W-9');
    const now = new Date().toISOString();
    await insertMapping(t.ctx.db, {
      id: crypto.randomUUID(),
      owner_id: owner.id,
      template_id: template.id,
      field_name: 'applicant.full_name',
      mapped_table_id: table.id,
      mapped_field_key: 'name',
      suggested: false,
      created_at: now,
      updated_at: now,
    });
    const response = await t.request('DELETE', `${BASE}/${table.id}`, { token: owner.token });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      detail:
        "Table 'People' cannot be deleted because it is used by the field mappings of the template 'W-9'.",
    });
    const still = await t.request('GET', `${BASE}/${table.id}`, { token: owner.token });
    expect(still.status).toBe(200);
  });

  it('hides every table endpoint from another user', async () => {
    const table = await createTable(t, user);
    const url = `${BASE}/${table.id}`;
    await expectNotFoundForOtherUser(t, 'GET', url);
    await expectNotFoundForOtherUser(t, 'PUT', url, {
      json: { name: 'Mine', fields: [field('name')] },
    });
    await expectNotFoundForOtherUser(t, 'DELETE', url);
    const stranger = await createUser(t);
    const list = await t.request('GET', `${BASE}/`, { token: stranger.token });
    expect(list.body).toEqual([]);
    const still = await t.request('GET', url, { token: user.token });
    expect(still.body).toMatchObject({ name: 'Clients' });
  });

  it('requires a token for every table endpoint', async () => {
    const id = crypto.randomUUID();
    for (const [method, url] of [
      ['GET', `${BASE}/`],
      ['POST', `${BASE}/`],
      ['GET', `${BASE}/${id}`],
      ['PUT', `${BASE}/${id}`],
      ['DELETE', `${BASE}/${id}`],
    ] as const) {
      expect((await t.request(method, url)).status, `${method} ${url}`).toBe(401);
    }
  });
});
