import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRecord, createTable } from '../../../test/factories.ts';
import { createUser, DIALECTS, startTestApp, type TestApp } from '../../../test/harness.ts';
import { form, PNG } from '../record-files/record-files.test-helpers.ts';
import { recordResponseSchema } from '@formbridge/contract/records';

// Record routes send the presenter's objects with plain JSON.stringify (no zod encode): the bytes
// must stay exactly what the response schema's encode writes, key order included.
describe.each(DIALECTS)('record responses byte for byte on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const encoded = (schema: z.ZodType, text: string) =>
    JSON.stringify(schema.encode(JSON.parse(text) as never));

  it('writes every record route as its response schema would', async () => {
    const user = await createUser(t);
    const table = await createTable(t, user, {
      name: 'Everything',
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
    const base = `/api/v1/dynamic-tables/${table.id}/records`;
    const created = await t.request('POST', base, {
      token: user.token,
      json: { data: { last: 'Lovelace', first: 'Ada', age: 36, born: '1815-12-10', vip: true } },
    });
    expect(created.status).toBe(201);
    expect(created.text).toBe(encoded(recordResponseSchema, created.text));
    const recordId = (created.body as { id: string }).id;
    await createRecord(t, user, table.id, { first: 'Grace' });
    const upload = await t.request('POST', `/files/${table.id}/records/${recordId}/upload`, {
      token: user.token,
      body: form({ file: PNG, filename: 'photo.png', field_name: 'scan' }),
    });
    expect(upload.status, upload.text).toBe(201);

    const updated = await t.request('PUT', `${base}/${recordId}`, {
      token: user.token,
      json: { data: { first: 'Ada', last: 'King', scan: [(upload.body as { id: string }).id] } },
    });
    const one = await t.request('GET', `${base}/${recordId}`, { token: user.token });
    const page = await t.request('GET', `${base}?limit=10`, { token: user.token });
    const all = await t.request('GET', base, { token: user.token });
    for (const [response, schema] of [
      [updated, recordResponseSchema],
      [one, recordResponseSchema],
      [page, z.array(recordResponseSchema)],
      [all, z.array(recordResponseSchema)],
    ] as const) {
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.text).toBe(encoded(schema, response.text));
    }
    const [first, second] = all.body as Array<z.infer<typeof recordResponseSchema>>;
    expect(first?.data.scan).toMatchObject([{ filename: 'photo.png', field_name: 'scan' }]);
    expect(first?.computed).toEqual({
      display_name: 'Ada King',
      combinations: { full_name: 'Ada King' },
    });
    expect(second?.data).toEqual({
      first: 'Grace',
      last: null,
      age: null,
      born: null,
      vip: false,
      email: null,
      scan: [],
    });
  });
});
