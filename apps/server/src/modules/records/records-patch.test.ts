import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECORD_MESSAGES,
  type RecordConflict,
  type RecordResponse,
} from '@formbridge/contract/records';
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
import { STALE_RECORD } from './records.routes.ts';

const FIELD_COUNT = 20;
const FIELDS = Array.from({ length: FIELD_COUNT }, (_, index) => ({ name: `f${index + 1}` }));

// No lost edits (issue 35): PATCH changes only the fields sent, every record answer carries its
// version as ETag, and If-Match with an older version is refused with the record as it is now.
describe.each(DIALECTS)('record PATCH and If-Match on %s', (dialect) => {
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
        { name: 'vip', type: 'boolean' },
      ],
    });
  });
  afterAll(() => t.close());

  const url = (tableId: string, recordId: string) =>
    `/api/v1/dynamic-tables/${tableId}/records/${recordId}`;
  const patch = (target: string, data: unknown, headers: Record<string, string> = {}) =>
    t.request('PATCH', target, { token: user.token, json: { data }, headers });

  it('changes only the fields sent and moves the version and ETag on', async () => {
    const created = await createRecord(t, user, people.id, { first: 'Ada', last: 'Lovelace' });
    expect(created.version).toBe(1);
    const one = await t.request('GET', url(people.id, created.id), { token: user.token });
    expect(one.headers.get('etag')).toBe('"1"');

    const response = await patch(url(people.id, created.id), { age: '36' });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('etag')).toBe('"2"');
    const record = response.body as RecordResponse;
    expect(record.data).toEqual({ first: 'Ada', last: 'Lovelace', age: 36, vip: false });
    expect(record.version).toBe(2);

    // Sending what is already stored writes nothing: the version stays.
    const same = await patch(url(people.id, created.id), { age: 36 }, { 'if-match': '"2"' });
    expect(same.status, same.text).toBe(200);
    expect((same.body as RecordResponse).version).toBe(2);
  });

  it.each([
    [{ first: '' }, 'first', RECORD_MESSAGES.required('first')],
    [{ age: 'forty' }, 'age', RECORD_MESSAGES.invalidValue('age', 'number')],
    [{ nickname: 'x' }, 'nickname', RECORD_MESSAGES.unknownField('nickname')],
  ])('refuses %j with a 422 on that field and saves nothing', async (data, field, msg) => {
    const created = await createRecord(t, user, people.id, { first: 'Grace', age: 40 });
    const response = await patch(url(people.id, created.id), data);
    expect(response.status, response.text).toBe(422);
    expect(response.body).toMatchObject({ detail: [{ loc: ['body', 'data', field], msg }] });
    const after = await t.request('GET', url(people.id, created.id), { token: user.token });
    expect(after.body).toMatchObject({ version: 1, data: { first: 'Grace', age: 40 } });
  });

  it('refuses data that is not an object with a 422', async () => {
    const created = await createRecord(t, user, people.id, { first: 'Grace' });
    const response = await patch(url(people.id, created.id), ['first']);
    expect(response.status, response.text).toBe(422);
  });

  it('answers 412 with the current record to a stale If-Match, on PATCH and PUT', async () => {
    const created = await createRecord(t, user, people.id, { first: 'Ada' });
    const target = url(people.id, created.id);
    const theirs = await patch(target, { last: 'King' }, { 'if-match': '"1"' });
    expect(theirs.status, theirs.text).toBe(200);

    for (const method of ['PATCH', 'PUT']) {
      const mine = await t.request(method, target, {
        token: user.token,
        json: { data: { first: 'Ada', last: 'Byron' } },
        headers: { 'if-match': '"1"' },
      });
      expect(mine.status, mine.text).toBe(412);
      expect(mine.headers.get('etag')).toBe('"2"');
      const body = mine.body as RecordConflict;
      expect(body.detail).toBe(STALE_RECORD(2));
      expect(body.code).toBe('record_changed');
      expect(body.current).toMatchObject({ id: created.id, version: 2, data: { last: 'King' } });
    }
    // Sent again with the current version, it applies; a weakened tag and * match too.
    const retried = await patch(target, { last: 'Byron' }, { 'if-match': '"2"' });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ version: 3, data: { first: 'Ada', last: 'Byron' } });
    const weak = await patch(target, { age: 1 }, { 'if-match': 'W/"3"' });
    expect(weak.status, weak.text).toBe(200);
    const any = await patch(target, { age: 2 }, { 'if-match': '*' });
    expect(any.body).toMatchObject({ version: 5, data: { age: 2 } });
  });

  it('refuses an If-Match that names no version with a 422', async () => {
    const created = await createRecord(t, user, people.id, { first: 'Ada' });
    const response = await patch(url(people.id, created.id), { age: 1 }, { 'if-match': 'latest' });
    expect(response.status, response.text).toBe(422);
    expect(response.body).toMatchObject({ detail: [{ loc: ['headers', 'if-match'] }] });
  });

  it("gives another user's record 404", async () => {
    const created = await createRecord(t, user, people.id, { first: 'Ada' });
    await expectNotFoundForOtherUser(t, 'PATCH', url(people.id, created.id), {
      json: { data: { last: 'x' } },
    });
  });

  it(`keeps all ${FIELD_COUNT} of ${FIELD_COUNT} concurrent edits of different fields`, async () => {
    const wide = await createTable(t, user, { name: 'Wide', fields: FIELDS });
    const created = await createRecord(t, user, wide.id, {});
    const target = url(wide.id, created.id);
    const answers = await Promise.all(
      FIELDS.map((field, index) => patch(target, { [field.name]: `value ${index + 1}` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(FIELDS.map(() => 200));
    const after = await t.request('GET', target, { token: user.token });
    const record = after.body as RecordResponse;
    expect(record.data).toEqual(
      Object.fromEntries(FIELDS.map((field, index) => [field.name, `value ${index + 1}`])),
    );
    expect(record.version).toBe(FIELD_COUNT + 1);
    const versions = answers.map((answer) => (answer.body as RecordResponse).version);
    expect(new Set(versions).size).toBe(FIELD_COUNT);
  });
});
