import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import type { RecordFile, RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';
import { form, PNG, storedFiles } from './record-files.test-helpers.ts';

describe.each(DIALECTS)('record file lifecycle on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let table: TableResponse;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    table = await createTable(t, user, {
      name: 'Docs',
      fields: [{ name: 'name' }, { name: 'scan', type: 'file' }, { name: 'extra', type: 'file' }],
    });
  });
  afterAll(() => t.close());

  const uploadUrl = (tableId: string, recordId: string, prefix = '') =>
    `${prefix}/files/${tableId}/records/${recordId}/upload`;
  const upload = (recordId: string, fields: Parameters<typeof form>[0], who = user) =>
    t.request('POST', uploadUrl(table.id, recordId), { token: who.token, body: form(fields) });
  async function attach(
    recordId: string,
    file: Buffer = PNG,
    filename = 'photo.png',
    field = 'scan',
  ) {
    const response = await upload(recordId, { file, filename, field_name: field });
    expect(response.status, response.text).toBe(201);
    return response.body as RecordFile;
  }
  const getRecord = async (recordId: string) =>
    (
      await t.request('GET', `/api/v1/dynamic-tables/${table.id}/records/${recordId}`, {
        token: user.token,
      })
    ).body as RecordResponse;

  it('deletes a file: row, record value and stored bytes', async () => {
    const record = await createRecord(t, user, table.id, { name: 'Del' });
    const keep = await attach(record.id);
    const drop = await attach(record.id);
    const before = (await storedFiles(t)).length;
    const url = `/files/${table.id}/records/${record.id}/files/${drop.id}`;
    const deleted = await t.request('DELETE', url, { token: user.token });
    expect(deleted.status).toBe(204);
    expect((await storedFiles(t)).length).toBe(before - 1);
    expect((await getRecord(record.id)).data.scan).toMatchObject([{ id: keep.id }]);
    const again = await t.request('DELETE', url, { token: user.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: 'File not found' });
  });

  it('keeps files through a record save that leaves them out or lists them stale', async () => {
    const record = await createRecord(t, user, table.id, { name: 'Keep' });
    const first = await attach(record.id);
    const second = await attach(record.id);
    const url = `/api/v1/dynamic-tables/${table.id}/records/${record.id}`;
    const omitted = await t.request('PUT', url, {
      token: user.token,
      json: { data: { name: 'Kept' } },
    });
    expect((omitted.body as RecordResponse).data.scan).toMatchObject([
      { id: first.id },
      { id: second.id },
    ]);
    const reordered = await t.request('PUT', url, {
      token: user.token,
      json: { data: { name: 'Kept', scan: [{ id: second.id }] } },
    });
    expect((reordered.body as RecordResponse).data.scan).toMatchObject([
      { id: second.id },
      { id: first.id },
    ]);
    const foreign = await t.request('PUT', url, {
      token: user.token,
      json: { data: { name: 'Kept', extra: [first.id] } },
    });
    expect(foreign.status).toBe(422);
  });

  it('keeps stored files in the trash with their record and table, removes them on purge', async () => {
    const owner = await createUser(t);
    const docs = await createTable(t, owner, {
      fields: [{ name: 'name' }, { name: 'f', type: 'file' }],
    });
    const one = await createRecord(t, owner, docs.id, { name: 'one' });
    const two = await createRecord(t, owner, docs.id, { name: 'two' });
    const put = (recordId: string) =>
      t.request('POST', uploadUrl(docs.id, recordId), {
        token: owner.token,
        body: form({ file: PNG, filename: 'a.png', field_name: 'f' }),
      });
    await put(one.id);
    await put(one.id);
    await put(two.id);
    const start = (await storedFiles(t)).length;
    await t.request('DELETE', `/api/v1/dynamic-tables/${docs.id}/records/${one.id}`, {
      token: owner.token,
    });
    await t.request('DELETE', `/api/v1/dynamic-tables/${docs.id}`, { token: owner.token });
    expect((await storedFiles(t)).length).toBe(start);
    const purge = (id: string) =>
      t.request('DELETE', `/api/v1/trash/${id}`, { token: owner.token });
    expect((await purge(one.id)).status).toBe(204);
    expect((await storedFiles(t)).length).toBe(start - 2);
    expect((await purge(docs.id)).status).toBe(204);
    expect((await storedFiles(t)).length).toBe(start - 3);
    const rows = await t.ctx.db
      .selectFrom('record_files')
      .select('id')
      .where('table_id', '=', docs.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('moves files with a renamed file field and deletes them with a removed one', async () => {
    const owner = await createUser(t);
    const docs = await createTable(t, owner, {
      fields: [{ name: 'name' }, { name: 'f', type: 'file' }],
    });
    const record = await createRecord(t, owner, docs.id, { name: 'x' });
    await t.request('POST', uploadUrl(docs.id, record.id), {
      token: owner.token,
      body: form({ file: PNG, filename: 'a.png', field_name: 'f' }),
    });
    const put = (json: unknown) =>
      t.request('PUT', `/api/v1/dynamic-tables/${docs.id}`, { token: owner.token, json });
    const renamed = await put({
      name: 'D',
      fields: [{ name: 'name' }, { name: 'Scan', type: 'file', previous_name: 'f' }],
    });
    expect(renamed.status).toBe(200);
    const recordUrl = `/api/v1/dynamic-tables/${docs.id}/records/${record.id}`;
    const moved = (await t.request('GET', recordUrl, { token: owner.token }))
      .body as RecordResponse;
    expect(moved.data.Scan).toMatchObject([{ filename: 'a.png', field_name: 'Scan' }]);
    const start = (await storedFiles(t)).length;
    const removed = await put({
      name: 'D',
      fields: [{ name: 'name' }],
      confirm_remove_fields: ['Scan'],
    });
    expect(removed.status).toBe(200);
    expect((await storedFiles(t)).length).toBe(start - 1);
  });

  it('hides files from another user on every endpoint', async () => {
    const record = await createRecord(t, user, table.id, { name: 'Mine' });
    const file = await attach(record.id);
    await expectNotFoundForOtherUser(t, 'POST', uploadUrl(table.id, record.id), {
      body: form({ file: PNG, filename: 'a.png', field_name: 'scan' }),
    });
    await expectNotFoundForOtherUser(t, 'POST', uploadUrl(table.id, record.id, '/api/v1'), {
      body: form({ file: PNG, filename: 'a.png', field_name: 'scan' }),
    });
    await expectNotFoundForOtherUser(
      t,
      'DELETE',
      `/files/${table.id}/records/${record.id}/files/${file.id}`,
    );
    await expectNotFoundForOtherUser(t, 'GET', `/api/v1/files/${file.id}`);
    const other = await createRecord(t, user, table.id, { name: 'Other' });
    const wrongRecord = await t.request(
      'DELETE',
      `/files/${table.id}/records/${other.id}/files/${file.id}`,
      {
        token: user.token,
      },
    );
    expect(wrongRecord.status).toBe(404);
    expect((await getRecord(record.id)).data.scan).toMatchObject([{ id: file.id }]);
  });

  it('requires a token to upload or delete', async () => {
    const id = crypto.randomUUID();
    expect((await t.request('POST', uploadUrl(id, id), { body: form({ file: PNG }) })).status).toBe(
      401,
    );
    expect((await t.request('DELETE', `/files/${id}/records/${id}/files/${id}`)).status).toBe(401);
  });
});
