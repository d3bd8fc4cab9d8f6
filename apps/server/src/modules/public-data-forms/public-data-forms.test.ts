import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicDataForm } from '@formbridge/contract/public-links';
import { createRecord, createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import type { TableResponse } from '@formbridge/contract/tables';
import {
  createDataLink,
  expireDataLink,
  readRecordData,
} from './public-data-forms.test-helpers.ts';

describe.each(DIALECTS)('public data forms on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let people: TableResponse;
  let companyId: string;
  let adaId: string;
  let bobId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    const companies = await createTable(t, user, { name: 'Companies' });
    companyId = (await createRecord(t, user, companies.id, { name: 'Analytical Engines' })).id;
    people = await createTable(t, user, {
      name: 'People',
      fields: [
        { name: 'full_name', type: 'string', required: true },
        { name: 'email', type: 'email' },
        { name: 'age', type: 'number' },
        { name: 'birth', label: 'Date of birth', type: 'date' },
        { name: 'website', type: 'string' },
        { name: 'notes', type: 'string' },
        { name: 'subscribed', type: 'boolean' },
        { name: 'scan', type: 'file' },
        { name: 'employer', type: 'link', linked_table_id: companies.id },
      ],
    });
    const ada = await createRecord(t, user, people.id, {
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      age: 36,
      employer: companyId,
    });
    adaId = ada.id;
    bobId = (await createRecord(t, user, people.id, { full_name: 'Bob', age: 50 })).id;
  });
  afterAll(() => t.close());

  const formUrl = (token: string) => `/api/v1/public-data-forms/${token}`;
  const submit = (token: string, json: unknown) =>
    t.request('POST', `${formUrl(token)}/submit`, { json });

  it('shows the record’s fields, values and message, and nothing that identifies anyone', async () => {
    const link = await createDataLink(t, user, people.id, adaId, { custom_message: 'Hello Ada' });
    const response = await t.request('GET', formUrl(link.token));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const form = response.body as PublicDataForm;
    expect(form).toMatchObject({
      table_name: 'People',
      custom_message: 'Hello Ada',
      expires_at: null,
    });
    expect(form.fields.map((field) => [field.id, field.label, field.type, field.required])).toEqual(
      [
        ['full_name', 'Full Name', 'text', true],
        ['email', 'Email', 'email', false],
        ['age', 'Age', 'number', false],
        ['birth', 'Date of birth', 'date', false],
        ['website', 'Website', 'url', false],
        ['notes', 'Notes', 'textarea', false],
        ['subscribed', 'Subscribed', 'checkbox', false],
        ['scan', 'Scan', 'file', false],
      ],
    );
    expect(form.fields.find((field) => field.id === 'age')?.current_value).toBe(36);
    expect(form.fields.find((field) => field.id === 'subscribed')?.current_value).toBe(false);
    expect(form.fields.find((field) => field.id === 'scan')).toMatchObject({
      current_value: null,
      uploaded_files: [],
    });
    for (const id of [adaId, bobId, companyId, people.id, user.id, link.id]) {
      expect(response.text).not.toContain(id);
    }
  });

  it('saves the answers to that record only, keeping what the form does not show', async () => {
    const link = await createDataLink(t, user, people.id, adaId);
    const response = await submit(link.token, {
      form_data: {
        full_name: '  Augusta Ada King ',
        age: '37',
        birth: '1815-12-10',
        website: 'https://example.org/ada',
        subscribed: 'on',
      },
      files: {},
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: 'Your information has been successfully submitted' });
    const ada = await readRecordData(t, user, people.id, adaId);
    expect(ada).toMatchObject({
      full_name: 'Augusta Ada King',
      email: 'ada@example.com',
      age: 37,
      birth: '1815-12-10',
      website: 'https://example.org/ada',
      subscribed: true,
      employer: companyId,
    });
    expect(await readRecordData(t, user, people.id, bobId)).toMatchObject({
      full_name: 'Bob',
      age: 50,
    });
    const cleared = await submit(link.token, { form_data: { age: '', website: null } });
    expect(cleared.status).toBe(200);
    expect(await readRecordData(t, user, people.id, adaId)).toMatchObject({
      age: null,
      website: null,
      full_name: 'Augusta Ada King',
    });
  });

  it('answers each rule in the spec’s words, at the field', async () => {
    const link = await createDataLink(t, user, people.id, bobId);
    const response = await submit(link.token, {
      form_data: {
        full_name: ' ',
        email: 'bob@',
        age: 'fifty',
        birth: '10/12/1815',
        website: 'not a site',
        subscribed: 'perhaps',
      },
    });
    expect(response.status).toBe(422);
    const at = (id: string) => ['body', 'form_data', id];
    expect(response.body).toEqual({
      detail: [
        { loc: at('full_name'), msg: 'Full Name is required', type: 'missing' },
        { loc: at('email'), msg: 'Please enter a valid email address', type: 'value_error' },
        { loc: at('age'), msg: 'Must be a number', type: 'value_error' },
        { loc: at('birth'), msg: 'Date must be in YYYY-MM-DD format', type: 'value_error' },
        { loc: at('website'), msg: 'Please enter a valid URL', type: 'value_error' },
        { loc: at('subscribed'), msg: 'Must be checked or unchecked', type: 'value_error' },
      ],
    });
    expect(await readRecordData(t, user, people.id, bobId)).toMatchObject({
      full_name: 'Bob',
      age: 50,
    });
  });

  it('requires a required file field until it holds a file', async () => {
    const docs = await createTable(t, user, {
      name: 'Docs',
      fields: [{ name: 'name' }, { name: 'passport_scan', type: 'file', required: true }],
    });
    const record = await createRecord(t, user, docs.id, { name: 'Cy' });
    const link = await createDataLink(t, user, docs.id, record.id);
    const response = await submit(link.token, { form_data: { name: 'Cy' } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        {
          loc: ['body', 'files', 'passport_scan'],
          msg: 'Passport Scan is required',
          type: 'missing',
        },
      ],
    });
  });

  it('refuses keys that are not fields of the form, links included', async () => {
    const link = await createDataLink(t, user, people.id, bobId);
    const response = await submit(link.token, {
      form_data: { full_name: 'Bob', employer: companyId, id: adaId, table_id: people.id },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: ['employer', 'id', 'table_id'].map((key) => ({
        loc: ['body', 'form_data', key],
        msg: `Unknown field '${key}'.`,
        type: 'extra_forbidden',
      })),
    });
    expect(await readRecordData(t, user, people.id, bobId)).toMatchObject({ employer: null });
  });

  it('checks every call: deactivated and expired answer 410, deleted 404, and back again', async () => {
    const link = await createDataLink(t, user, people.id, bobId);
    const ownerUrl = `/api/v1/public-data-links/${link.id}`;
    const calls = () => [
      t.request('GET', formUrl(link.token)),
      submit(link.token, { form_data: { full_name: 'Bob' } }),
      t.request('POST', `${formUrl(link.token)}/upload`, { body: new FormData() }),
      t.request('DELETE', `${formUrl(link.token)}/files/${adaId}`),
    ];
    const expectAll = async (status: number, detail: string) => {
      for (const response of await Promise.all(calls())) {
        expect(response.status).toBe(status);
        expect((response.body as { detail: string }).detail).toBe(detail);
      }
    };
    await t.request('PUT', ownerUrl, { token: user.token, json: { is_active: false } });
    await expectAll(410, 'This link has been deactivated.');
    await t.request('PUT', ownerUrl, { token: user.token, json: { is_active: true } });
    expect((await t.request('GET', formUrl(link.token))).status).toBe(200);
    await expireDataLink(t, link.id);
    await expectAll(410, 'This link has expired.');
    const later = new Date(Date.now() + 60_000).toISOString();
    await t.request('PUT', ownerUrl, { token: user.token, json: { expires_at: later } });
    expect((await t.request('GET', formUrl(link.token))).status).toBe(200);
    await t.request('DELETE', ownerUrl, { token: user.token });
    await expectAll(404, 'This link is invalid or no longer exists.');
    await expectAll(404, 'This link is invalid or no longer exists.');
  });

  it('answers 404 for tokens that do not exist', async () => {
    const response = await t.request('GET', formUrl('A'.repeat(32)));
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'link_invalid' });
  });

  it('refuses oversize JSON bodies', async () => {
    const link = await createDataLink(t, user, people.id, bobId);
    const response = await submit(link.token, { form_data: { notes: 'x'.repeat(300 * 1024) } });
    expect(response.status).toBe(413);
  });
});
