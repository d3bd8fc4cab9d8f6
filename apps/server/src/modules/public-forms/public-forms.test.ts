import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PublicFormPayload,
  PublicFormSubmitResponse,
} from '@formbridge/contract/public-links';
import { createRecord, createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { readRecordData } from '../public-data-forms/public-data-forms.test-helpers.ts';
import {
  setUpApplication,
  sharePublicForm,
  type ApplicationSetup,
} from './public-forms.test-helpers.ts';

const INVALID = 'This form link is invalid or has expired.';

describe.each(DIALECTS)('public document forms on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let app: ApplicationSetup;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    app = await setUpApplication(t, user);
  });
  afterAll(() => t.close());

  const formUrl = (token: string) => `/api/v1/public-forms/${token}`;
  const submit = (token: string, json: unknown) =>
    t.request('POST', `${formUrl(token)}/submit`, { json });
  const newApplicant = async (fullName: string) =>
    (await createRecord(t, user, app.tableId, { full_name: fullName })).id;

  it('shows the template, a signed link to its PDF, and the fields, document fields first', async () => {
    const link = await sharePublicForm(t, user, app.templateId, app.recordId);
    const response = await t.request('GET', formUrl(link.token));
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { formData } = response.body as PublicFormPayload;
    expect(formData.templateName).toBe('Application');
    const summary = formData.fields.map((field) => [
      field.id,
      field.type,
      field.mapped_to_template,
    ]);
    expect(summary).toEqual([
      ['full_name', 'text', true],
      ['email', 'email', true],
      ['status', 'select', true],
      ['plan', 'radio', true],
      ['history', 'textarea', true],
      ['agrees', 'checkbox', true],
      ['nickname', 'text', true],
      ['age', 'number', false],
      ['birth', 'date', false],
    ]);
    expect(formData.fields[0]).toEqual({
      id: 'full_name',
      name: 'full_name',
      label: 'Full Name',
      type: 'text',
      required: true,
      options: [],
      mapped_to_template: true,
      current_value: 'Ada Lovelace',
    });
    const status = formData.fields.find((field) => field.id === 'status');
    expect(status?.options.map((option) => option.value)).toEqual(['Single', 'Married']);
    const plan = formData.fields.find((field) => field.id === 'plan');
    expect(plan?.options.map((option) => option.value)).toEqual(['basic', 'premium']);
    expect(formData.fields.find((field) => field.id === 'agrees')?.required).toBe(false);
    expect(formData.fields.find((field) => field.id === 'age')?.current_value).toBe(36);
    for (const id of [app.recordId, app.tableId, user.id, link.id]) {
      expect(response.text).not.toContain(id);
    }

    const pdf = await fetch(t.baseUrl + formData.pdfUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const otherPath = formData.pdfUrl.replace(link.token, 'x'.repeat(32));
    expect((await fetch(t.baseUrl + otherPath)).status).toBe(404);
    // Revoking the link takes its PDF away at once, not when a signed URL would have expired.
    const revoke = await t.request('DELETE', `/api/v1/public-form-links/${link.id}`, {
      token: user.token,
    });
    expect(revoke.status).toBe(204);
    expect((await fetch(t.baseUrl + formData.pdfUrl)).status).toBe(404);
  });

  it('answers each rule in the document form’s words, at ["body", fieldId]', async () => {
    const recordId = await newApplicant('Bob');
    const link = await sharePublicForm(t, user, app.templateId, recordId);
    const response = await submit(link.token, {
      full_name: '',
      email: 'bob@',
      status: 'Divorced',
      age: 'forty',
      birth: '2025-13-01',
      employer: 'x',
      photo: [],
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        { loc: ['body', 'employer'], msg: "Unknown field 'employer'.", type: 'extra_forbidden' },
        { loc: ['body', 'photo'], msg: "Unknown field 'photo'.", type: 'extra_forbidden' },
        { loc: ['body', 'full_name'], msg: 'Full Name is required', type: 'missing' },
        { loc: ['body', 'email'], msg: 'Invalid email address', type: 'value_error' },
        {
          loc: ['body', 'status'],
          msg: 'Please choose one of the listed options',
          type: 'value_error',
        },
        { loc: ['body', 'age'], msg: 'Must be a number', type: 'value_error' },
        { loc: ['body', 'birth'], msg: 'Date must be in YYYY-MM-DD format', type: 'value_error' },
      ],
    });
    expect(await readRecordData(t, user, app.tableId, recordId)).toMatchObject({
      full_name: 'Bob',
    });
  });

  it('saves the record and makes the owner a new completed form holding the answers', async () => {
    const recordId = await newApplicant('Cy');
    const untouched = await newApplicant('Dee');
    const link = await sharePublicForm(t, user, app.templateId, recordId);
    const response = await submit(link.token, {
      full_name: 'Cyrus Smith',
      email: 'cy@example.org',
      status: 'married',
      plan: 'premium',
      history: 'Line one\nLine two',
      agrees: true,
      age: '41',
    });
    expect(response.status, response.text).toBe(200);
    const body = response.body as PublicFormSubmitResponse;
    expect(body.message).toBe('Form submitted successfully');
    expect(body.completed_form_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readRecordData(t, user, app.tableId, recordId)).toMatchObject({
      full_name: 'Cyrus Smith',
      email: 'cy@example.org',
      status: 'married',
      plan: 'premium',
      agrees: true,
      age: 41,
    });
    expect(await readRecordData(t, user, app.tableId, untouched)).toMatchObject({
      full_name: 'Dee',
      email: null,
    });

    const form = await t.request('GET', `/api/v1/completed-forms/${body.completed_form_id}`, {
      token: user.token,
    });
    expect(form.status, form.text).toBe(200);
    expect(form.body).toMatchObject({ template_id: app.templateId, record_id: recordId });
    const pdf = await fetch(
      `${t.baseUrl}/api/v1/completed-forms/${body.completed_form_id}/download`,
      { headers: { authorization: `Bearer ${user.token}` } },
    );
    expect(pdf.status).toBe(200);
    const filled = (await PDFDocument.load(await pdf.arrayBuffer())).getForm();
    expect(filled.getTextField('applicant_name').getText()).toBe('Cyrus Smith');
    expect(filled.getTextField('applicant_email').getText()).toBe('cy@example.org');
    expect(filled.getDropdown('status').getSelected()).toEqual(['Married']);
    expect(filled.getRadioGroup('plan').getSelected()).toBe('premium');
    expect(filled.getCheckBox('agree').isChecked()).toBe(true);

    const again = await submit(link.token, { nickname: 'Cy' });
    expect(again.status).toBe(200);
    const second = (again.body as PublicFormSubmitResponse).completed_form_id;
    expect(second).not.toBe(body.completed_form_id);
    expect(await readRecordData(t, user, app.tableId, recordId)).toMatchObject({
      full_name: 'Cyrus Smith',
      nickname: 'Cy',
    });
  });

  it('keeps the answers when the PDF cannot be filled, and says so with no form id', async () => {
    // A stored value that is no option of the PDF's dropdown: the visitor may leave it, the
    // fill engine refuses it.
    const recordId = (
      await createRecord(t, user, app.tableId, { full_name: 'Hal', status: 'Widowed' })
    ).id;
    const link = await sharePublicForm(t, user, app.templateId, recordId);
    const response = await submit(link.token, { full_name: 'Hal Jordan', status: 'Widowed' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      message: 'Form submitted successfully',
      completed_form_id: null,
    });
    expect(await readRecordData(t, user, app.tableId, recordId)).toMatchObject({
      full_name: 'Hal Jordan',
    });
  });

  it('is invalid once revoked, once its record is gone, and for unknown tokens', async () => {
    const recordId = await newApplicant('Eve');
    const link = await sharePublicForm(t, user, app.templateId, recordId);
    const revoke = await t.request('DELETE', `/api/v1/public-form-links/${link.token}`, {
      token: user.token,
    });
    expect(revoke.status).toBe(204);
    for (const response of [
      await t.request('GET', formUrl(link.token)),
      await submit(link.token, { full_name: 'Eve' }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: INVALID, code: 'link_invalid' });
    }
    const fresh = await sharePublicForm(t, user, app.templateId, recordId);
    expect(fresh.token).not.toBe(link.token);
    await t.request('DELETE', `/api/v1/dynamic-tables/${app.tableId}/records/${recordId}`, {
      token: user.token,
    });
    expect((await t.request('GET', formUrl(fresh.token))).status).toBe(404);
    expect((await t.request('GET', formUrl('x'.repeat(32)))).body).toMatchObject({
      detail: INVALID,
    });
  });

  it('is invalid when the template no longer maps the record’s table', async () => {
    const other = await createTable(t, user, { name: 'Loose', fields: [{ name: 'name' }] });
    const record = await createRecord(t, user, other.id, { name: 'Fay' });
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/public-link/${app.templateId}/${record.id}`,
      { token: user.token },
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail:
        "Template 'Application' has no fields mapped to table 'Loose'. Set up field mappings first.",
      code: 'not_mapped',
    });
  });
});
