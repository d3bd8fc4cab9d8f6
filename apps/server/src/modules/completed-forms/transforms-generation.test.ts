import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedFormWithEmail } from '@formbridge/contract/completed-forms';
import type { JobResponse } from '@formbridge/contract/jobs';
import type { FieldMapping } from '@formbridge/contract/mappings';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { buildForm } from '../../pdf/fill/fill-test-forms.ts';
import { fetchBytes, readFormValues, readZip } from './completed-forms.test-helpers.ts';

// Mappings with transforms: stored and validated by the mappings API, applied by every kind of
// generation, named in the fill report when they leave a value empty.

function buildTaxForm() {
  return buildForm(({ form, page }) => {
    const texts: Array<[string, number?]> = [
      ['birth_us'],
      ['ssn_1', 3],
      ['ssn_2', 2],
      ['ssn_3', 4],
      ['name_line'],
      ['amount'],
      ['phone_area'],
    ];
    texts.forEach(([name, maxLength], index) => {
      const field = form.createTextField(name);
      if (maxLength) {
        field.setMaxLength(maxLength);
      }
      field.addToPage(page, { x: 50, y: 740 - index * 40, width: 300, height: 24 });
    });
    form.createCheckBox('married').addToPage(page, { x: 50, y: 400, width: 18, height: 18 });
    const sex = form.createDropdown('sex');
    sex.addOptions(['Female', 'Male']);
    sex.addToPage(page, { x: 50, y: 350, width: 200, height: 24 });
  });
}

describe.each(DIALECTS)('mapping transforms on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let templateId: string;
  let tableId: string;
  const mappings: Record<string, FieldMapping> = {};

  function map(fieldName: string, key: string, transform: unknown) {
    return t.request('POST', '/api/v1/field-mappings/', {
      token: user.token,
      json: {
        template_id: templateId,
        field_name: fieldName,
        mapped_table_id: tableId,
        mapped_field_key: key,
        transform,
      },
    });
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    const template = await createTemplate(t, user, Buffer.from(await buildTaxForm()), 'Tax form');
    templateId = template.id;
    const people = await createTable(t, user, {
      name: 'People',
      fields: [
        { name: 'first_name', type: 'string', required: true },
        { name: 'middle_name', type: 'string', required: false },
        { name: 'last_name', type: 'string', required: false },
        { name: 'birth', type: 'date', required: false },
        { name: 'ssn', type: 'string', required: false },
        { name: 'income', type: 'number', required: false },
        { name: 'marital_status', type: 'string', required: false },
        { name: 'sex', type: 'string', required: false },
        { name: 'phone', type: 'string', required: false },
      ],
    });
    tableId = people.id;
    const ssn = (index: number) => ({ kind: 'part', mode: 'sizes', sizes: [3, 2, 4], index });
    const plan: Array<[string, string, unknown]> = [
      ['birth_us', 'birth', { kind: 'date', pattern: 'MM/DD/YYYY' }],
      ['ssn_1', 'ssn', ssn(1)],
      ['ssn_2', 'ssn', ssn(2)],
      ['ssn_3', 'ssn', ssn(3)],
      [
        'name_line',
        'last_name',
        { kind: 'template', template: '{last_name|upper}, {first_name} {middle_name|initial}' },
      ],
      ['amount', 'income', { kind: 'number', decimals: 2, grouping: true }],
      ['phone_area', 'phone', { kind: 'part', mode: 'group', by: 'digits', index: 1 }],
      ['married', 'marital_status', { kind: 'condition', operator: 'equals', values: ['married'] }],
      [
        'sex',
        'sex',
        {
          kind: 'value_map',
          entries: [
            { from: 'F', to: 'Female' },
            { from: 'M', to: 'Male' },
          ],
        },
      ],
    ];
    for (const [field, key, transform] of plan) {
      const response = await map(field, key, transform);
      expect(response.status, response.text).toBe(201);
      mappings[field] = response.body as FieldMapping;
    }
  });
  afterAll(() => t.close());

  it('stores transforms with their defaults and a label, and lists them', async () => {
    expect(mappings.birth_us).toMatchObject({
      transform: { kind: 'date', pattern: 'MM/DD/YYYY', locale: 'en' },
      transform_label: 'Date MM/DD/YYYY',
    });
    expect(mappings.ssn_2?.transform_label).toBe('Group 2 of 3-2-4');
    const spec = await t.request('GET', '/api/openapi.json');
    expect(spec.text).toContain('value_map');
    const list = await t.request('GET', `/api/v1/field-mappings/template/${templateId}`, {
      token: user.token,
    });
    const listed = list.body as FieldMapping[];
    expect(listed.find((item) => item.field_name === 'amount')?.transform).toMatchObject({
      kind: 'number',
      decimals: 2,
      grouping: true,
    });
  });

  it('keeps a transform on update unless it is replaced or removed', async () => {
    const id = mappings.phone_area?.id ?? '';
    const put = (json: Record<string, unknown>) =>
      t.request('PUT', `/api/v1/field-mappings/${id}`, { token: user.token, json });
    const kept = await put({ mapped_field_key: 'phone' });
    expect((kept.body as FieldMapping).transform_label).toBe('Group 1 of the digit groups');
    const removed = await put({ mapped_field_key: 'phone', transform: null });
    expect((removed.body as FieldMapping).transform).toBeNull();
    const restored = await put({
      mapped_field_key: 'phone',
      transform: { kind: 'part', mode: 'group', by: 'digits', index: 1 },
    });
    expect(restored.status).toBe(200);
  });

  it('refuses an invalid transform with 422 naming what is wrong', async () => {
    const unknownKind = await map('amount', 'income', { kind: 'script', code: '1+1' });
    expect(unknownKind.status).toBe(422);
    expect(unknownKind.body).toMatchObject({
      detail: [{ loc: ['body', 'transform', 'kind'] }],
    });
    const badTemplate = await t.request('PUT', `/api/v1/field-mappings/${mappings.amount?.id}`, {
      token: user.token,
      json: {
        mapped_field_key: 'income',
        transform: { kind: 'template', template: '{first_name} {nickname}' },
      },
    });
    expect(badTemplate.status).toBe(422);
    expect(badTemplate.body).toEqual({
      detail: [
        {
          loc: ['body', 'transform', 'template'],
          msg: 'Template placeholder {nickname}: "nickname" is not a field of table "People"',
          type: 'value_error',
        },
      ],
    });
    const badPart = await map('amount', 'income', {
      kind: 'part',
      mode: 'sizes',
      sizes: [3, 2],
      index: 3,
    });
    expect(badPart.body).toMatchObject({
      detail: [{ loc: ['body', 'transform', 'index'], msg: 'There are only 2 groups' }],
    });
  });

  async function person(data: Record<string, unknown>) {
    return createRecord(t, user, tableId, { first_name: 'John', ...data });
  }

  it('fills single forms through the transforms and reports an empty result', async () => {
    const record = await person({
      middle_name: 'quincy',
      last_name: 'Doe',
      birth: '1990-04-12',
      ssn: '123-45-6789',
      income: 1234567.891,
      marital_status: 'Married',
      sex: 'M',
      phone: '(555) 010-0199',
    });
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/${templateId}/${tableId}/${record.id}`,
      { token: user.token },
    );
    expect(response.status, response.text).toBe(201);
    const form = response.body as CompletedFormWithEmail;
    const values = await readFormValues((await fetchBytes(t, form.download_url)).bytes);
    expect(values).toMatchObject({
      birth_us: '04/12/1990',
      ssn_1: '123',
      ssn_2: '45',
      ssn_3: '6789',
      name_line: 'DOE, John Q.',
      amount: '1,234,567.89',
      phone_area: '555',
      married: true,
      sex: ['Male'],
    });

    const short = await person({ ssn: '12345', sex: 'M' });
    const shortForm = await t.request(
      'POST',
      `/api/v1/completed-forms/${templateId}/${tableId}/${short.id}`,
      { token: user.token },
    );
    const report = (shortForm.body as CompletedFormWithEmail).fill_report;
    expect(report.fields.find((field) => field.field === 'ssn_3')?.problems).toEqual([
      'Transform "Group 3 of 3-2-4": "12345" is too short for group 3',
    ]);
  });

  it('refuses a value map that chooses no option, naming the transform', async () => {
    const record = await person({ sex: 'X' });
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/${templateId}/${tableId}/${record.id}`,
      { token: user.token },
    );
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      detail:
        'Could not fill a field: field \'sex\': no matching option for "X" (options: "Female", "Male"); ' +
        'Transform "Value map (2 entries)": "X" is not in the value map; written as it is',
    });
  });

  it('applies the same transforms in bulk generation', async () => {
    const first = await person({ birth: '2001-02-03', ssn: '987654321', sex: 'F' });
    const second = await person({ birth: '1999-12-31', ssn: '111-22-3333', sex: 'F' });
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/bulk/${templateId}/${tableId}?wait=true`,
      { token: user.token, json: { record_ids: [first.id, second.id] } },
    );
    expect(response.status, response.text).toBe(200);
    const body = response.body as JobResponse;
    expect(body.successful).toBe(2);
    const zip = readZip((await fetchBytes(t, body.zip_download_url ?? '')).bytes);
    const filled = await Promise.all(zip.map((entry) => readFormValues(entry.bytes)));
    expect(filled.map((values) => [values.birth_us, values.ssn_1, values.ssn_3])).toEqual([
      ['02/03/2001', '987', '4321'],
      ['12/31/1999', '111', '3333'],
    ]);
  });
});
