import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldMapping, Suggestion } from '@formbridge/contract/mappings';
import {
  CORPUS_FIXTURES,
  createTable,
  createTemplate,
  OWN_FIXTURES,
  readFixture,
  templateForm,
} from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';

describe.each(DIALECTS)('field mappings on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  async function setup() {
    const template = await createTemplate(t, user);
    const companies = await createTable(t, user, {
      name: 'Companies',
      fields: [
        { name: 'Company Name', type: 'string', required: true },
        { name: 'logo', type: 'file', required: false },
      ],
    });
    const clients = await createTable(t, user, {
      name: 'Clients',
      fields: [
        { name: 'first_name', type: 'string', required: true },
        { name: 'last_name', type: 'string', required: false },
        { name: 'email', type: 'email', required: false },
        { name: 'agrees', type: 'boolean', required: false },
        { name: 'passport', type: 'file', required: false },
        { name: 'employer', type: 'link', required: false, linked_table_id: companies.id },
      ],
      combination_rules: [
        { name: 'Full Name', source_fields: ['first_name', 'last_name'], separator: ' ' },
      ],
    });
    return { template, clients, companies };
  }

  function map(body: Record<string, unknown>) {
    return t.request('POST', '/api/v1/field-mappings/', { token: user.token, json: body });
  }

  it('creates, lists, updates and removes a mapping', async () => {
    const { template, clients } = await setup();
    const created = await map({
      template_id: template.id,
      field_name: 'applicant.full_name',
      mapped_table_id: clients.id,
      mapped_field_key: 'Full Name',
    });
    expect(created.status).toBe(201);
    const mapping = created.body as FieldMapping;
    expect(mapping).toMatchObject({
      field_name: 'applicant.full_name',
      mapped_field_key: 'Full Name',
      suggested: false,
      table_name: 'Clients',
      target_label: 'Full Name',
    });

    const list = await t.request('GET', `/api/v1/field-mappings/template/${template.id}`, {
      token: user.token,
    });
    expect(list.body).toEqual([mapping]);

    const updated = await t.request('PUT', `/api/v1/field-mappings/${mapping.id}`, {
      token: user.token,
      json: { mapped_field_key: 'employer::company name' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      mapped_field_key: 'employer.Company Name',
      target_label: 'employer → Company Name',
    });

    const one = await t.request('GET', `/api/v1/field-mappings/${mapping.id}`, {
      token: user.token,
    });
    expect(one.body).toMatchObject({ mapped_field_key: 'employer.Company Name' });

    expect(
      (await t.request('DELETE', `/api/v1/field-mappings/${mapping.id}`, { token: user.token }))
        .status,
    ).toBe(204);
    const after = await t.request('GET', `/api/v1/field-mappings/template/${template.id}`, {
      token: user.token,
    });
    expect(after.body).toEqual([]);
  });

  it('refuses a second mapping for the same PDF field with 409', async () => {
    const { template, clients } = await setup();
    const body = {
      template_id: template.id,
      field_name: 'agree',
      mapped_table_id: clients.id,
      mapped_field_key: 'agrees',
    };
    expect((await map(body)).status).toBe(201);
    const again = await map({ ...body, mapped_field_key: 'first_name' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: 'Field "agree" is already mapped; update or remove its mapping instead',
    });
  });

  it.each([
    ['passport', '"passport" is a file field; files cannot fill a PDF field'],
    ['employer.logo', '"logo" is a file field; files cannot fill a PDF field'],
    ['nickname', '"nickname" is not a field of table "Clients"'],
    ['first_name.x', '"first_name" is not a link field'],
    ['universal::tomorrow', '"tomorrow" is not a universal dynamic field'],
  ])('refuses the key %s with 422', async (key, msg) => {
    const { template, clients } = await setup();
    const response = await map({
      template_id: template.id,
      field_name: 'applicant.email',
      mapped_table_id: clients.id,
      mapped_field_key: key,
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [{ loc: ['body', 'mapped_field_key'], msg, type: 'value_error' }],
    });
  });

  it('accepts universal keys and normalises linked keys to the dot form', async () => {
    const { template, clients } = await setup();
    const universal = await map({
      template_id: template.id,
      field_name: 'applicant.email',
      mapped_table_id: clients.id,
      mapped_field_key: 'universal::current_date',
    });
    expect(universal.body).toMatchObject({
      mapped_field_key: 'universal::current_date',
      target_label: 'Current Date',
    });
    const linked = await map({
      template_id: template.id,
      field_name: 'applicant.full_name',
      mapped_table_id: clients.id,
      mapped_field_key: 'employer::Company Name',
    });
    expect(linked.body).toMatchObject({ mapped_field_key: 'employer.Company Name' });
  });

  it('refuses a PDF field the template does not have, and unknown templates and tables', async () => {
    const { template, clients } = await setup();
    const noField = await map({
      template_id: template.id,
      field_name: 'nope',
      mapped_table_id: clients.id,
      mapped_field_key: 'email',
    });
    expect(noField.status).toBe(422);
    expect(noField.body).toEqual({
      detail: [
        {
          loc: ['body', 'field_name'],
          msg: 'The template has no field named "nope"',
          type: 'value_error',
        },
      ],
    });
    const missingId = '00000000-0000-4000-8000-000000000000';
    const noTemplate = await map({
      template_id: missingId,
      field_name: 'agree',
      mapped_table_id: clients.id,
      mapped_field_key: 'agrees',
    });
    expect(noTemplate.status).toBe(404);
    const noTable = await map({
      template_id: template.id,
      field_name: 'agree',
      mapped_table_id: missingId,
      mapped_field_key: 'agrees',
    });
    expect(noTable.status).toBe(404);
    expect(noTable.body).toEqual({ detail: 'Table not found' });
  });

  it('lists the universal dynamic fields', async () => {
    const response = await t.request('GET', '/api/v1/field-mappings/universal-dynamic-fields', {
      token: user.token,
    });
    const keys = (response.body as Array<{ key: string }>).map((item) => item.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'current_date',
        'current_datetime',
        'current_year',
        'user_email',
        'record_id',
        'template_name',
        'table_name',
      ]),
    );
  });

  it('suggests targets for unmapped fields, skipping mapped ones', async () => {
    // A new account: the mappings earlier tests made would be remembered and suggested back.
    user = await createUser(t);
    const { template, clients } = await setup();
    await map({
      template_id: template.id,
      field_name: 'agree',
      mapped_table_id: clients.id,
      mapped_field_key: 'agrees',
    });
    const response = await t.request(
      'POST',
      `/api/v1/field-mappings/template/${template.id}/suggest?table_id=${clients.id}`,
      { token: user.token },
    );
    expect(response.status).toBe(200);
    const { suggestions } = response.body as { suggestions: Suggestion[] };
    const byField = new Map(suggestions.map((item) => [item.field_name, item]));
    expect(byField.get('applicant.email')?.suggested_field_key).toBe('email');
    expect(byField.get('applicant.full_name')?.suggested_field_key).toBe('Full Name');
    expect(byField.has('agree')).toBe(false);
    // Each suggestion says which of the field's words matched which target.
    expect(byField.get('applicant.email')?.reason).toMatch(/"email" ~ "email"/);
    expect(byField.get('applicant.full_name')?.reason).toMatch(/~ "Full Name"$/);
    // The server says which ones Apply All may write unattended; the web has no rule of its own.
    expect(byField.get('applicant.email')?.apply_all).toBe(true);
    for (const suggestion of suggestions) {
      expect(suggestion.confidence_score).toBeGreaterThan(0);
      expect(suggestion.confidence_score).toBeLessThanOrEqual(1);
      expect(typeof suggestion.apply_all).toBe('boolean');
    }
  });

  it('suggests for a real corpus form without error', async () => {
    const template = await createTemplate(
      t,
      user,
      readFixture(CORPUS_FIXTURES, 'qpdf_field-types.pdf'),
      'Field types',
    );
    const { clients } = await setup();
    const response = await t.request(
      'POST',
      `/api/v1/field-mappings/template/${template.id}/suggest?table_id=${clients.id}`,
      { token: user.token },
    );
    expect(response.status).toBe(200);
    for (const suggestion of (response.body as { suggestions: Suggestion[] }).suggestions) {
      expect(Object.keys(template.field_data)).toContain(suggestion.field_name);
    }
  });

  it('drops only the mappings whose field disappears when the PDF is replaced', async () => {
    const { template, clients } = await setup();
    const kept = (
      await map({
        template_id: template.id,
        field_name: 'agree',
        mapped_table_id: clients.id,
        mapped_field_key: 'agrees',
      })
    ).body as FieldMapping;
    const dropped = (
      await map({
        template_id: template.id,
        field_name: 'applicant.email',
        mapped_table_id: clients.id,
        mapped_field_key: 'email',
      })
    ).body as FieldMapping;
    // The same form without its e-mail field: only that field's mapping may go.
    const replacement = await withoutField(
      readFixture(OWN_FIXTURES, 'simple-form.pdf'),
      'applicant.email',
    );
    const replaced = await t.request('PUT', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
      body: templateForm({ file: replacement }),
    });
    expect(replaced.status).toBe(200);
    const droppedNames = (
      replaced.body as { dropped_mappings: Array<{ field_name: string }> }
    ).dropped_mappings.map((m) => m.field_name);
    expect(droppedNames).toEqual(['applicant.email']);
    const list = await t.request('GET', `/api/v1/field-mappings/template/${template.id}`, {
      token: user.token,
    });
    expect((list.body as FieldMapping[]).map((m) => m.id)).toEqual([kept.id]);
    expect(kept.id).not.toBe(dropped.id);

    // A form with none of the fields drops every mapping.
    const unrelated = await t.request('PUT', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
      body: templateForm({ file: readFixture(CORPUS_FIXTURES, 'qpdf_field-types.pdf') }),
    });
    expect(
      (unrelated.body as { dropped_mappings: Array<{ field_name: string }> }).dropped_mappings.map(
        (m) => m.field_name,
      ),
    ).toEqual(['agree']);
  });

  it('hides mappings from another user', async () => {
    const { template, clients } = await setup();
    const mapping = (
      await map({
        template_id: template.id,
        field_name: 'agree',
        mapped_table_id: clients.id,
        mapped_field_key: 'agrees',
      })
    ).body as FieldMapping;
    await expectNotFoundForOtherUser(t, 'GET', `/api/v1/field-mappings/${mapping.id}`);
    await expectNotFoundForOtherUser(t, 'PUT', `/api/v1/field-mappings/${mapping.id}`, {
      json: { mapped_field_key: 'email' },
    });
    await expectNotFoundForOtherUser(t, 'DELETE', `/api/v1/field-mappings/${mapping.id}`);
    await expectNotFoundForOtherUser(t, 'GET', `/api/v1/field-mappings/template/${template.id}`);
    await expectNotFoundForOtherUser(
      t,
      'POST',
      `/api/v1/field-mappings/template/${template.id}/suggest?table_id=${clients.id}`,
    );
    await expectNotFoundForOtherUser(t, 'POST', '/api/v1/field-mappings/', {
      json: {
        template_id: template.id,
        field_name: 'applicant.email',
        mapped_table_id: clients.id,
        mapped_field_key: 'email',
      },
    });
    // Another user's table cannot be the target of my mapping either.
    const stranger = await createUser(t);
    const theirs = await createTable(t, stranger, { name: 'Theirs' });
    const response = await map({
      template_id: template.id,
      field_name: 'applicant.email',
      mapped_table_id: theirs.id,
      mapped_field_key: 'name',
    });
    expect(response.status).toBe(404);
  });
});

/** `pdf` with one form field (and its widgets) removed. */
async function withoutField(pdf: Buffer, name: string): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  const form = doc.getForm();
  form.removeField(form.getField(name));
  return Buffer.from(await doc.save());
}
