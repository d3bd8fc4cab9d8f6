import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_REQUIRED, TABLE_MESSAGES } from '@formbridge/contract/tables-validation';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import type { RecordResponse } from '@formbridge/contract/records';
import { insertMapping } from '../mappings/mappings.repo.ts';
import type { TableResponse } from '@formbridge/contract/tables';

const BASE = '/api/v1/dynamic-tables';

describe.each(DIALECTS)('table schema edits on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let templateId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    templateId = (await createTemplate(t, user)).id;
  });
  afterAll(() => t.close());

  const put = (id: string, json: unknown) =>
    t.request('PUT', `${BASE}/${id}`, { token: user.token, json });
  const records = async (tableId: string) =>
    (await t.request('GET', `${BASE}/${tableId}/records`, { token: user.token }))
      .body as RecordResponse[];

  async function map(tableId: string, key: string): Promise<string> {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await insertMapping(t.ctx.db, {
      id,
      owner_id: user.id,
      template_id: templateId,
      field_name: `pdf-${id}`,
      mapped_table_id: tableId,
      mapped_field_key: key,
      suggested: false,
      created_at: now,
      updated_at: now,
    });
    return id;
  }
  const mappingKey = async (id: string) =>
    (
      await t.ctx.db
        .selectFrom('field_mappings')
        .select('mapped_field_key')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.mapped_field_key;

  it('renames a field: values, display field, rules and mapping keys follow it', async () => {
    const clients = await createTable(t, user, {
      fields: [{ name: 'name' }, { name: 'city' }],
      combination_rules: [{ name: 'label', source_fields: ['name', 'city'] }],
      use_display_field: true,
      display_field_key: 'name',
    });
    const orders = await createTable(t, user, {
      name: 'Orders',
      fields: [{ name: 'ref' }, { name: 'client', type: 'link', linked_table_id: clients.id }],
    });
    const record = await createRecord(t, user, clients.id, { name: 'Ada', city: 'Paris' });
    const own = await map(clients.id, 'name');
    const rule = await map(clients.id, 'label');
    const viaLink = await map(orders.id, 'client::name');
    const unrelated = await map(orders.id, 'ref');
    const response = await put(clients.id, {
      name: 'Clients',
      fields: [{ name: 'Full Name', previous_name: 'name', label: 'name' }, { name: 'city' }],
      combination_rules: [
        { name: 'Display', previous_name: 'label', source_fields: ['Full Name', 'city'] },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      fields: [{ name: 'Full Name', label: 'Full Name' }, { name: 'city' }],
      use_display_field: true,
      display_field_key: 'Full Name',
      dropped_mappings: [],
    });
    const [moved] = await records(clients.id);
    expect(moved).toMatchObject({
      id: record.id,
      data: { 'Full Name': 'Ada', city: 'Paris' },
      computed: { display_name: 'Ada', combinations: { Display: 'Ada, Paris' } },
    });
    expect(moved?.data).not.toHaveProperty('name');
    expect(await mappingKey(own)).toBe('Full Name');
    expect(await mappingKey(rule)).toBe('Display');
    expect(await mappingKey(viaLink)).toBe('client.Full Name');
    expect(await mappingKey(unrelated)).toBe('ref');
  });

  it('never lets a record save interleave with a rename', async () => {
    const table = await createTable(t, user, { fields: [{ name: 'name' }] });
    const saves = Array.from({ length: 20 }, (_, index) =>
      t.request('POST', `${BASE}/${table.id}/records`, {
        token: user.token,
        json: { data: { name: `r${index}` } },
      }),
    );
    const rename = put(table.id, {
      name: 'Renamed',
      fields: [{ name: 'title', previous_name: 'name' }],
    });
    const results = await Promise.all([...saves, rename]);
    expect(results.at(-1)?.status).toBe(200);
    // A save that ran before the rename was moved by it; one that ran after was refused.
    const saved = results.slice(0, -1).filter((result) => result.status === 201).length;
    const rows = await records(table.id);
    expect(rows).toHaveLength(saved);
    for (const row of rows) {
      expect(Object.keys(row.data)).toEqual(['title']);
      expect(row.data.title).toMatch(/^r\d+$/);
    }
  });

  it('swaps two field names without mixing their values', async () => {
    const table = await createTable(t, user, { fields: [{ name: 'a' }, { name: 'b' }] });
    await createRecord(t, user, table.id, { a: 'first', b: 'second' });
    const response = await put(table.id, {
      name: 'Swap',
      fields: [
        { name: 'b', previous_name: 'a' },
        { name: 'a', previous_name: 'b' },
      ],
    });
    expect(response.status).toBe(200);
    expect((await records(table.id))[0]?.data).toEqual({ b: 'first', a: 'second' });
  });

  it('asks for confirmation before a removal deletes values, then deletes them and their mappings', async () => {
    const table = await createTable(t, user, { fields: [{ name: 'name' }, { name: 'phone' }] });
    await createRecord(t, user, table.id, { name: 'Ada', phone: '555' });
    const mapping = await map(table.id, 'phone');
    const body = { name: 'Clients', fields: [{ name: 'name' }] };
    const refused = await put(table.id, body);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      detail: [
        {
          loc: ['body', 'confirm_remove_fields'],
          msg: TABLE_MESSAGES.removalUnconfirmed('phone'),
          type: CONFIRMATION_REQUIRED,
        },
      ],
    });
    expect((await records(table.id))[0]?.data).toEqual({ name: 'Ada', phone: '555' });

    const confirmed = await put(table.id, { ...body, confirm_remove_fields: ['phone'] });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      fields: [{ name: 'name' }],
      dropped_mappings: [
        {
          id: mapping,
          template_id: templateId,
          mapped_table_id: table.id,
          mapped_field_key: 'phone',
        },
      ],
    });
    expect((await records(table.id))[0]?.data).toEqual({ name: 'Ada' });
    expect(await mappingKey(mapping)).toBeUndefined();
  });

  it('converts values when a type changes and they all convert', async () => {
    const table = await createTable(t, user, { fields: [{ name: 'age' }, { name: 'vip' }] });
    await createRecord(t, user, table.id, { age: '42', vip: 'yes' });
    await createRecord(t, user, table.id, { age: '', vip: '' });
    const response = await put(table.id, {
      name: 'Typed',
      fields: [
        { name: 'age', type: 'number' },
        { name: 'vip', type: 'boolean' },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect((await records(table.id)).map((record) => record.data)).toEqual([
      { age: 42, vip: true },
      { age: null, vip: false },
    ]);
  });

  it('refuses a type change that would lose values, listing the records', async () => {
    const table = await createTable(t, user, { fields: [{ name: 'name' }, { name: 'age' }] });
    const bad = await createRecord(t, user, table.id, { name: 'Ada', age: 'forty' });
    await createRecord(t, user, table.id, { name: 'Bob', age: '40' });
    const response = await put(table.id, {
      name: 'Typed',
      fields: [{ name: 'name' }, { name: 'age', type: 'number' }],
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        {
          loc: ['body', 'fields', 1, 'type'],
          msg: TABLE_MESSAGES.typeChangeFailed('age', 'number', 1),
          type: 'value_error',
        },
        {
          loc: ['body', 'fields', 1, 'type'],
          msg: `Record 'Ada' (${bad.id.slice(0, 8)}...) has the value 'forty'.`,
          type: 'conversion_failed',
        },
      ],
    });
    expect((await records(table.id))[1]?.data).toEqual({ name: 'Bob', age: '40' });
    const after = await t.request('GET', `${BASE}/${table.id}`, { token: user.token });
    expect((after.body as TableResponse).fields[1]?.type).toBe('string');
  });

  it('turns a text field into a link only when every value is a record of the linked table', async () => {
    const people = await createTable(t, user, { name: 'People' });
    const person = await createRecord(t, user, people.id, { name: 'Ada' });
    const table = await createTable(t, user, { fields: [{ name: 'owner' }] });
    const good = await createRecord(t, user, table.id, { owner: person.id });
    const body = {
      name: 'Owned',
      fields: [{ name: 'owner', type: 'link', linked_table_id: people.id }],
    };
    await createRecord(t, user, table.id, { owner: 'nobody' });
    const refused = await put(table.id, body);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      detail: [{ msg: TABLE_MESSAGES.typeChangeFailed('owner', 'link', 1) }, {}],
    });
    const rows = await records(table.id);
    await t.request('DELETE', `${BASE}/${table.id}/records/${rows[1]?.id ?? ''}`, {
      token: user.token,
    });
    const accepted = await put(table.id, body);
    expect(accepted.status, accepted.text).toBe(200);
    expect((await records(table.id))[0]).toMatchObject({ id: good.id, data: { owner: person.id } });
  });

  it('asks before pointing a link field at another table, then clears its values', async () => {
    const a = await createTable(t, user, { name: 'A' });
    const b = await createTable(t, user, { name: 'B' });
    const linked = await createRecord(t, user, a.id, { name: 'in A' });
    const table = await createTable(t, user, {
      fields: [{ name: 'ref', type: 'link', linked_table_id: a.id }],
    });
    await createRecord(t, user, table.id, { ref: linked.id });
    const mapping = await map(table.id, 'ref.name');
    const body = { name: 'L', fields: [{ name: 'ref', type: 'link', linked_table_id: b.id }] };
    const refused = await put(table.id, body);
    expect(refused.body).toMatchObject({
      detail: [{ msg: TABLE_MESSAGES.relinkUnconfirmed('ref'), type: CONFIRMATION_REQUIRED }],
    });
    const confirmed = await put(table.id, { ...body, confirm_remove_fields: ['ref'] });
    expect(confirmed.status).toBe(200);
    expect((await records(table.id))[0]?.data).toEqual({ ref: null });
    expect(await mappingKey(mapping)).toBeUndefined();
  });

  it('applies the §5 schema-edit rules', async () => {
    const table = await createTable(t, user);
    const self = await put(table.id, {
      name: 'Self',
      fields: [{ name: 'name' }, { name: 'me', type: 'link', linked_table_id: table.id }],
    });
    expect(self.body).toMatchObject({
      detail: [
        { loc: ['body', 'fields', 1, 'linked_table_id'], msg: TABLE_MESSAGES.linkTableSelf('me') },
      ],
    });
    const unknownRename = await put(table.id, {
      name: 'X',
      fields: [{ name: 'name' }, { name: 'new', previous_name: 'ghost' }],
    });
    expect(unknownRename.body).toMatchObject({
      detail: [
        {
          loc: ['body', 'fields', 1, 'previous_name'],
          msg: TABLE_MESSAGES.renameUnknown('Field', 'new', 'ghost'),
        },
      ],
    });
    const noDisplay = await put(table.id, {
      name: 'X',
      fields: [{ name: 'name' }],
      use_display_field: true,
    });
    expect(noDisplay.body).toMatchObject({
      detail: [{ loc: ['body', 'display_field_key'], msg: TABLE_MESSAGES.displayFieldRequired }],
    });
  });

  it('keeps the display field when the body leaves it out, and clears it when turned off', async () => {
    const table = await createTable(t, user, {
      fields: [{ name: 'name' }],
      use_display_field: true,
      display_field_key: 'name',
    });
    const kept = await put(table.id, { name: 'Renamed', fields: [{ name: 'name' }] });
    expect(kept.body).toMatchObject({
      name: 'Renamed',
      use_display_field: true,
      display_field_key: 'name',
    });
    const off = await put(table.id, {
      name: 'Renamed',
      fields: [{ name: 'name' }],
      use_display_field: false,
      display_field_key: 'name',
    });
    expect(off.body).toMatchObject({ use_display_field: false, display_field_key: null });
  });
});
