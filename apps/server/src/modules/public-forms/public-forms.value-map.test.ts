import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldMapping } from '@formbridge/contract/mappings';
import type { PublicFormPayload } from '@formbridge/contract/public-links';
import { PDFName, PDFString } from '@cantoo/pdf-lib';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import { buildForm } from '../../pdf/fill/fill-test-forms.ts';
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

describe.each(DIALECTS)('a public document form through a value map on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let app: ApplicationSetup;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    app = await setUpApplication(t, user);
    // The table holds B / P; the PDF's radio options are basic / premium.
    const mappings = await t.request('GET', `/api/v1/field-mappings/template/${app.templateId}`, {
      token: user.token,
    });
    const plan = (mappings.body as FieldMapping[]).find((row) => row.field_name === 'plan');
    const updated = await t.request('PUT', `/api/v1/field-mappings/${plan?.id ?? ''}`, {
      token: user.token,
      json: {
        mapped_field_key: 'plan',
        transform: {
          kind: 'value_map',
          entries: [
            { from: 'B', to: 'basic' },
            { from: 'P', to: 'premium' },
          ],
        },
      },
    });
    expect(updated.status, updated.text).toBe(200);
  });
  afterAll(() => t.close());

  it("offers the table's values, shows the record's as chosen and saves the table's", async () => {
    const record = await createRecord(t, user, app.tableId, { full_name: 'Ann', plan: 'B' });
    const link = await sharePublicForm(t, user, app.templateId, record.id);
    const response = await t.request('GET', `/api/v1/public-forms/${link.token}`);
    expect(response.status, response.text).toBe(200);
    const plan = (response.body as PublicFormPayload).formData.fields.find(
      (field) => field.id === 'plan',
    );
    expect(plan?.options).toEqual([
      { value: 'B', label: 'basic' },
      { value: 'P', label: 'premium' },
    ]);
    expect(plan?.current_value).toBe('B');

    const submitted = await t.request('POST', `/api/v1/public-forms/${link.token}/submit`, {
      json: { full_name: 'Ann', plan: 'P' },
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(await readRecordData(t, user, app.tableId, record.id)).toMatchObject({ plan: 'P' });
  });
});

describe.each(DIALECTS)('a public document form with a coded dropdown on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let tableId: string;
  let templateId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    // The dropdown's options are [export value, display text] pairs: CA / California, …
    const pdf = await buildForm(({ doc, form, page }) => {
      const state = form.createDropdown('state');
      state.addOptions(['CA', 'TX']);
      state.acroField.dict.set(
        PDFName.of('Opt'),
        doc.context.obj([
          [PDFString.of('CA'), PDFString.of('California')],
          [PDFString.of('TX'), PDFString.of('Texas')],
        ]),
      );
      state.addToPage(page, { x: 50, y: 700, width: 200, height: 24 });
    });
    const table = await createTable(t, user, {
      name: 'Clients',
      fields: [{ name: 'state', type: 'string' }],
    });
    tableId = table.id;
    templateId = (await createTemplate(t, user, Buffer.from(pdf), 'State form')).id;
    const mapped = await t.request('POST', '/api/v1/field-mappings/', {
      token: user.token,
      json: {
        template_id: templateId,
        field_name: 'state',
        mapped_table_id: tableId,
        mapped_field_key: 'state',
      },
    });
    expect(mapped.status, mapped.text).toBe(201);
  });
  afterAll(() => t.close());

  it("shows the record's value as chosen and saves the label, never the PDF's code", async () => {
    const record = await createRecord(t, user, tableId, { state: 'California' });
    const link = await sharePublicForm(t, user, templateId, record.id);
    const response = await t.request('GET', `/api/v1/public-forms/${link.token}`);
    expect(response.status, response.text).toBe(200);
    const state = (response.body as PublicFormPayload).formData.fields.find(
      (field) => field.id === 'state',
    );
    expect(state?.options).toEqual([
      { value: 'California', label: 'California' },
      { value: 'Texas', label: 'Texas' },
    ]);
    expect(state?.current_value).toBe('California');

    const submitted = await t.request('POST', `/api/v1/public-forms/${link.token}/submit`, {
      json: { state: 'Texas' },
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(await readRecordData(t, user, tableId, record.id)).toEqual({ state: 'Texas' });
  });
});
