import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLink } from '@formbridge/contract/public-links';
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

describe.each(DIALECTS)('data links (owner) on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let clients: TableResponse;
  let recordId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { publicUrl: 'https://forms.example' });
    user = await createUser(t);
    clients = await createTable(t, user, {
      name: 'Clients',
      fields: [{ name: 'Code' }, { name: 'client_name' }],
    });
    recordId = (await createRecord(t, user, clients.id, { Code: 'C-1', client_name: 'Ada' })).id;
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown> = {}, ids = { table: '', record: '' }) => {
    const response = await t.request(
      'POST',
      `/api/v1/public-data-links/${ids.table || clients.id}/${ids.record || recordId}`,
      { token: user.token, json: body },
    );
    expect(response.status, response.text).toBe(201);
    return response.body as DataLink;
  };

  it('creates an active link with a 192-bit url-safe token, table name and record label', async () => {
    const link = await create();
    expect(link).toMatchObject({
      table_id: clients.id,
      record_id: recordId,
      is_active: true,
      is_expired: false,
      expires_at: null,
      custom_message: null,
      table_name: 'Clients',
      record_label: 'Ada',
    });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toBe(`https://forms.example/public-data-form/${link.token}`);
    const other = await create();
    expect(other.token).not.toBe(link.token);
  });

  it('names the record as every other screen does (spec §3), not by its first name', async () => {
    const people = await createTable(t, user, {
      name: 'People',
      fields: [{ name: 'first_name' }, { name: 'full_name' }],
    });
    const grace = await createRecord(t, user, people.id, {
      first_name: 'Grace',
      full_name: 'Grace Hopper',
    });
    const link = await create({}, { table: people.id, record: grace.id });
    expect(link.record_label).toBe('Grace Hopper');
  });

  it('takes a message and a future expiry, and refuses a past one or a long message', async () => {
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    const link = await create({
      custom_message: ' Please check your address. ',
      expires_at: expires,
    });
    expect(link).toMatchObject({
      custom_message: 'Please check your address.',
      expires_at: expires,
    });
    const url = `/api/v1/public-data-links/${clients.id}/${recordId}`;
    const past = await t.request('POST', url, {
      token: user.token,
      json: { expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(422);
    expect(past.body).toEqual({
      detail: [
        {
          loc: ['body', 'expires_at'],
          msg: 'The expiration date must be in the future.',
          type: expect.any(String),
        },
      ],
    });
    const long = await t.request('POST', url, {
      token: user.token,
      json: { custom_message: 'x'.repeat(2001) },
    });
    expect(long.status).toBe(422);
  });

  it('refuses a record of another table and unknown ids with 404', async () => {
    const other = await createTable(t, user, { name: 'Other' });
    const otherRecord = await createRecord(t, user, other.id, { name: 'Zed' });
    const response = await t.request(
      'POST',
      `/api/v1/public-data-links/${clients.id}/${otherRecord.id}`,
      { token: user.token, json: {} },
    );
    expect(response.status).toBe(404);
    const unknown = await t.request('POST', `/api/v1/public-data-links/${clients.id}/nope`, {
      token: user.token,
      json: {},
    });
    expect(unknown.status).toBe(404);
  });

  it('lists newest first, reads one, switches it off and on, changes expiry, deletes', async () => {
    const first = await create();
    const second = await create({ is_active: false });
    const list = await t.request('GET', '/api/v1/public-data-links', { token: user.token });
    expect(list.status).toBe(200);
    const ids = (list.body as DataLink[]).map((link) => link.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect((list.body as DataLink[]).find((link) => link.id === second.id)?.is_active).toBe(false);

    const url = `/api/v1/public-data-links/${first.id}`;
    expect((await t.request('GET', url, { token: user.token })).body).toEqual(first);
    const off = await t.request('PUT', url, { token: user.token, json: { is_active: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: first.id, is_active: false, token: first.token });
    const on = await t.request('PUT', url, { token: user.token, json: { is_active: true } });
    expect(on.body).toMatchObject({ is_active: true });
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const later = await t.request('PUT', url, { token: user.token, json: { expires_at: expires } });
    expect(later.body).toMatchObject({ is_active: true, expires_at: expires });
    const never = await t.request('PUT', url, { token: user.token, json: { expires_at: null } });
    expect(never.body).toMatchObject({ expires_at: null });

    expect((await t.request('DELETE', url, { token: user.token })).status).toBe(204);
    expect((await t.request('GET', url, { token: user.token })).status).toBe(404);
    expect((await t.request('DELETE', url, { token: user.token })).status).toBe(404);
  });

  it('reports an expired link as expired in the list', async () => {
    const link = await create();
    await t.ctx.db
      .updateTable('public_data_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', link.id)
      .execute();
    const response = await t.request('GET', `/api/v1/public-data-links/${link.id}`, {
      token: user.token,
    });
    expect(response.body).toMatchObject({ is_active: true, is_expired: true });
  });

  it('goes with its record', async () => {
    const record = await createRecord(t, user, clients.id, { Code: 'C-9', client_name: 'Gone' });
    const link = await create({}, { table: clients.id, record: record.id });
    const removed = await t.request(
      'DELETE',
      `/api/v1/dynamic-tables/${clients.id}/records/${record.id}`,
      { token: user.token },
    );
    expect(removed.status).toBe(204);
    const response = await t.request('GET', `/api/v1/public-data-links/${link.id}`, {
      token: user.token,
    });
    expect(response.status).toBe(404);
    expect((await t.request('GET', `/api/v1/public-data-forms/${link.token}`)).status).toBe(404);
  });

  it('is in the OpenAPI document with the other public-link endpoints', async () => {
    const spec = await t.request('GET', '/api/openapi.json');
    expect(Object.keys((spec.body as { paths: object }).paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/public-data-links/',
        '/api/v1/public-data-links/{id}',
        '/api/v1/public-data-links/{tableId}/{recordId}',
        '/api/v1/public-data-forms/{token}',
        '/api/v1/public-data-forms/{token}/upload',
        '/api/v1/public-data-forms/{token}/files/{fileId}',
        '/api/v1/public-data-forms/{token}/submit',
        '/api/v1/completed-forms/public-link/{templateId}/{recordId}',
        '/api/v1/public-form-links',
        '/api/v1/public-form-links/{idOrToken}',
        '/api/v1/public-forms/{token}',
        '/api/v1/public-forms/{token}/submit',
      ]),
    );
  });

  it('needs a signed-in user and hides other users’ links', async () => {
    const link = await create();
    expect((await t.request('GET', '/api/v1/public-data-links')).status).toBe(401);
    const url = `/api/v1/public-data-links/${link.id}`;
    await expectNotFoundForOtherUser(t, 'GET', url);
    await expectNotFoundForOtherUser(t, 'PUT', url, { json: { is_active: false } });
    await expectNotFoundForOtherUser(t, 'DELETE', url);
    await expectNotFoundForOtherUser(
      t,
      'POST',
      `/api/v1/public-data-links/${clients.id}/${recordId}`,
      {
        json: {},
      },
    );
    const stranger = await createUser(t);
    const list = await t.request('GET', '/api/v1/public-data-links', { token: stranger.token });
    expect(list.body).toEqual([]);
    const still = await t.request('GET', url, { token: user.token });
    expect(still.body).toMatchObject({ is_active: true });
  });
});
