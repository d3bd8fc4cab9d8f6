import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_MESSAGES } from '@formbridge/contract/records';
import { createRecord, createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import type { TableResponse } from '@formbridge/contract/tables';
import type { RecordResponse } from '@formbridge/contract/records';
import { FILE_NOT_ATTACHED } from './records.validate.ts';

const BASE = '/api/v1/dynamic-tables';

describe.each(DIALECTS)('table records on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let people: TableResponse;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    people = await createTable(t, user, {
      name: 'People',
      fields: [
        { name: 'first', required: true },
        { name: 'last' },
        { name: 'age', type: 'number' },
        { name: 'born', type: 'date' },
        { name: 'vip', type: 'boolean' },
        { name: 'email', type: 'email' },
        { name: 'scan', type: 'file' },
      ],
      combination_rules: [{ name: 'full_name', source_fields: ['first', 'last'], separator: ' ' }],
    });
  });
  afterAll(() => t.close());

  const url = (tableId: string, recordId?: string) =>
    `${BASE}/${tableId}/records${recordId ? `/${recordId}` : ''}`;
  const send = (method: string, target: string, data: unknown) =>
    t.request(method, target, { token: user.token, json: { data } });

  it('creates a record with normalised values, every field present and computed values', async () => {
    const response = await send('POST', url(people.id), {
      first: '  Ada ',
      last: 'Lovelace',
      age: '36',
      born: '1815-12-10',
      email: 'ada@example.com',
    });
    expect(response.status, response.text).toBe(201);
    const record = response.body as RecordResponse;
    expect(record).toMatchObject({
      table_id: people.id,
      data: {
        first: 'Ada',
        last: 'Lovelace',
        age: 36,
        born: '1815-12-10',
        vip: false,
        email: 'ada@example.com',
        scan: [],
      },
      computed: { display_name: 'Ada Lovelace', combinations: { full_name: 'Ada Lovelace' } },
    });
    expect(record.created_at).toBe(record.updated_at);
    const one = await t.request('GET', url(people.id, record.id), { token: user.token });
    expect(one.body).toEqual(record);
  });

  it.each([
    [{ last: 'x' }, 'first', RECORD_MESSAGES.required('first'), 'missing'],
    [{ first: '   ' }, 'first', RECORD_MESSAGES.required('first'), 'missing'],
    [
      { first: 'A', age: 'forty' },
      'age',
      RECORD_MESSAGES.invalidValue('age', 'number'),
      'value_error',
    ],
    [
      { first: 'A', born: '2025-02-30' },
      'born',
      RECORD_MESSAGES.invalidValue('born', 'date'),
      'value_error',
    ],
    [
      { first: 'A', vip: 'maybe' },
      'vip',
      RECORD_MESSAGES.invalidValue('vip', 'boolean'),
      'value_error',
    ],
    [
      { first: 'A', email: 'nope' },
      'email',
      RECORD_MESSAGES.invalidValue('email', 'email'),
      'value_error',
    ],
    [{ first: 'A', shoe: 44 }, 'shoe', RECORD_MESSAGES.unknownField('shoe'), 'extra_forbidden'],
    [{ first: 'A', scan: ['f1'] }, 'scan', FILE_NOT_ATTACHED('scan'), 'value_error'],
  ])('refuses invalid data (%#)', async (data, field, msg, type) => {
    const response = await send('POST', url(people.id), data);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ loc: ['body', 'data', field], msg, type }] });
  });

  it('refuses data that is not an object', async () => {
    const response = await send('POST', url(people.id), ['x']);
    expect(response.status).toBe(422);
  });

  it('keeps link values pointing at records of the linked table of the same user', async () => {
    const orders = await createTable(t, user, {
      name: 'Orders',
      fields: [{ name: 'ref' }, { name: 'buyer', type: 'link', linked_table_id: people.id }],
    });
    const ada = await createRecord(t, user, people.id, { first: 'Ada' });
    const other = await createRecord(t, user, orders.id, { ref: 'O-1' });
    const stranger = await createUser(t);
    const theirs = await createTable(t, stranger, { name: 'Theirs' });
    const theirRecord = await createRecord(t, stranger, theirs.id, { name: 'X' });
    for (const id of [crypto.randomUUID(), other.id, theirRecord.id]) {
      const response = await send('POST', url(orders.id), { ref: 'O-2', buyer: id });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [
          {
            loc: ['body', 'data', 'buyer'],
            msg: RECORD_MESSAGES.invalidValue('buyer', 'link'),
            type: 'value_error',
          },
        ],
      });
    }
    const linked = await createRecord(t, user, orders.id, { ref: 'O-3', buyer: ada.id });
    expect(linked.data.buyer).toBe(ada.id);
    const empty = await createRecord(t, user, orders.id, { ref: 'O-4', buyer: '' });
    expect(empty.data.buyer).toBeNull();
  });

  it('refuses to delete a record that other records link to', async () => {
    const clients = await createTable(t, user, { name: 'Clients' });
    const invoices = await createTable(t, user, {
      name: 'Invoices',
      fields: [{ name: 'client', type: 'link', linked_table_id: clients.id }],
    });
    const acme = await createRecord(t, user, clients.id, { name: 'Acme' });
    const invoice = await createRecord(t, user, invoices.id, { client: acme.id });
    await createRecord(t, user, invoices.id, { client: acme.id });
    const refused = await t.request('DELETE', url(clients.id, acme.id), { token: user.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail:
        "Record 'Acme' cannot be deleted because 2 records link to it from 'Invoices'. Change or delete those records first.",
      code: 'record_in_use',
    });
    await send('PUT', url(invoices.id, invoice.id), { client: null });
    const rows = (await t.request('GET', url(invoices.id), { token: user.token }))
      .body as RecordResponse[];
    await t.request('DELETE', url(invoices.id, rows[1]?.id), { token: user.token });
    const deleted = await t.request('DELETE', url(clients.id, acme.id), { token: user.token });
    expect(deleted.status).toBe(204);
  });

  it('replaces a record with PUT and validates it the same way', async () => {
    const record = await createRecord(t, user, people.id, { first: 'Bob', age: 30 });
    const updated = await send('PUT', url(people.id, record.id), { first: 'Robert', vip: true });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: record.id,
      data: { first: 'Robert', last: null, age: null, vip: true, scan: [] },
    });
    const invalid = await send('PUT', url(people.id, record.id), { first: '' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ detail: [{ msg: "Field 'first' is required." }] });
    const after = await t.request('GET', url(people.id, record.id), { token: user.token });
    expect(after.body).toMatchObject({ data: { first: 'Robert' } });
  });

  it('deletes a record', async () => {
    const record = await createRecord(t, user, people.id, { first: 'Gone' });
    const deleted = await t.request('DELETE', url(people.id, record.id), { token: user.token });
    expect(deleted.status).toBe(204);
    const gone = await t.request('GET', url(people.id, record.id), { token: user.token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: 'Record not found' });
  });

  it('lists records oldest first, whole or by page with X-Total-Count', async () => {
    const table = await createTable(t, user, { name: 'Paged' });
    for (const name of ['r1', 'r2', 'r3', 'r4', 'r5']) {
      await createRecord(t, user, table.id, { name });
    }
    const all = await t.request('GET', url(table.id), { token: user.token });
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('5');
    expect((all.body as RecordResponse[]).map((r) => r.data.name)).toEqual([
      'r1',
      'r2',
      'r3',
      'r4',
      'r5',
    ]);
    const page = await t.request('GET', `${url(table.id)}?limit=2&offset=3`, {
      token: user.token,
    });
    expect(page.headers.get('x-total-count')).toBe('5');
    expect((page.body as RecordResponse[]).map((r) => r.data.name)).toEqual(['r4', 'r5']);
    const offsetOnly = await t.request('GET', `${url(table.id)}?offset=4`, { token: user.token });
    expect((offsetOnly.body as RecordResponse[]).map((r) => r.data.name)).toEqual(['r5']);
    // The total follows deletes too, and another user's delete of a foreign id changes nothing.
    const [first, second] = (all.body as RecordResponse[]).map((record) => record.id);
    const deleted = await t.request('DELETE', url(table.id, first), { token: user.token });
    expect(deleted.status).toBe(204);
    await expectNotFoundForOtherUser(t, 'DELETE', url(table.id, second));
    const afterDelete = await t.request('GET', `${url(table.id)}?limit=1`, { token: user.token });
    expect(afterDelete.headers.get('x-total-count')).toBe('4');
    expect((afterDelete.body as RecordResponse[]).map((r) => r.data.name)).toEqual(['r2']);
    for (const query of ['limit=0', 'limit=1001', 'offset=-1', 'limit=abc']) {
      const bad = await t.request('GET', `${url(table.id)}?${query}`, { token: user.token });
      expect(bad.status, query).toBe(422);
    }
  });

  it('hides every record endpoint from another user, and records from other tables', async () => {
    const record = await createRecord(t, user, people.id, { first: 'Private' });
    await expectNotFoundForOtherUser(t, 'GET', url(people.id));
    await expectNotFoundForOtherUser(t, 'POST', url(people.id), { json: { data: { first: 'x' } } });
    await expectNotFoundForOtherUser(t, 'GET', url(people.id, record.id));
    await expectNotFoundForOtherUser(t, 'PUT', url(people.id, record.id), {
      json: { data: { first: 'x' } },
    });
    await expectNotFoundForOtherUser(t, 'DELETE', url(people.id, record.id));
    const elsewhere = await createTable(t, user, { name: 'Elsewhere' });
    const wrongTable = await t.request('GET', url(elsewhere.id, record.id), { token: user.token });
    expect(wrongTable.status).toBe(404);
    const still = await t.request('GET', url(people.id, record.id), { token: user.token });
    expect(still.body).toMatchObject({ data: { first: 'Private' } });
  });

  it('requires a token for every record endpoint', async () => {
    const id = crypto.randomUUID();
    for (const [method, target] of [
      ['GET', url(id)],
      ['POST', url(id)],
      ['GET', url(id, id)],
      ['PUT', url(id, id)],
      ['DELETE', url(id, id)],
    ] as const) {
      expect((await t.request(method, target)).status, `${method} ${target}`).toBe(401);
    }
  });
});
