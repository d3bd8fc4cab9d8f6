import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PublicFormPayload,
  PublicFormSubmitResponse,
} from '@formbridge/contract/public-links';
import { decodePdfName } from '@formbridge/contract/pdf-names';
import type { Template } from '@formbridge/contract/templates';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import { createUser, DIALECTS, startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildEscapedOptionsForm, utf8NameText } from '../../pdf/objects/pdf-synthetic.ts';
import { readRecordData } from '../public-data-forms/public-data-forms.test-helpers.ts';
import { sharePublicForm } from './public-forms.test-helpers.ts';

// A radio whose states are escaped names (`/#e5#a5#b3…`, as pdfcpu writes them): the template
// API and the public form show the words, and picking one stores the word, which fills.

const LABELS = ['女性', '男性', '非二进制'];
const FEMALE_CODE = '#e5#a5#b3#e6#80#a7';

describe.each(DIALECTS)('escaped option names on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('are shown as words by the template API, also for templates stored with raw labels', async () => {
    const user = await createUser(t);
    const pdf = Buffer.from(await buildEscapedOptionsForm(LABELS, 'lower'));
    const template = await createTemplate(t, user, pdf, 'Gender');
    const options = template.field_data.gender?.options ?? [];
    expect(options.map((option) => option.label)).toEqual(LABELS);
    // The value stays the state name as the PDF reader gives it (bytes or escapes), for writing.
    expect(options.map((option) => option.value)).not.toContain('女性');
    expect(options.map((option) => decodePdfName(option.value))).toEqual(LABELS);
    // What detection stored before labels were decoded.
    const stored = structuredClone(template.field_data);
    for (const option of stored.gender?.options ?? []) {
      option.label = option.value;
    }
    await t.ctx.db
      .updateTable('pdf_templates')
      .set({ field_data: JSON.stringify(stored) })
      .where('id', '=', template.id)
      .execute();
    for (const path of [
      `/api/v1/pdf-templates/${template.id}`,
      `/api/v1/pdf-templates/${template.id}/fields`,
    ]) {
      const response = await t.request('GET', path, { token: user.token });
      expect(response.status, response.text).toBe(200);
      const fieldData = (response.body as Pick<Template, 'field_data'>).field_data;
      expect(fieldData.gender?.options?.map((option) => option.label)).toEqual(LABELS);
    }
  });

  it('on the public form: a pick stores the word and the PDF gets its state', async () => {
    const user = await createUser(t);
    const pdf = Buffer.from(await buildEscapedOptionsForm(LABELS, 'lower'));
    const template = await createTemplate(t, user, pdf, 'Gender');
    const table = await createTable(t, user, {
      name: 'People',
      fields: [{ name: 'gender', type: 'string' }],
    });
    const mapped = await t.request('POST', '/api/v1/field-mappings/', {
      token: user.token,
      json: {
        template_id: template.id,
        field_name: 'gender',
        mapped_table_id: table.id,
        mapped_field_key: 'gender',
      },
    });
    expect(mapped.status, mapped.text).toBe(201);
    // A record saved before: it holds the raw code, and the form still shows it picked.
    const record = await createRecord(t, user, table.id, { gender: FEMALE_CODE });
    const link = await sharePublicForm(t, user, template.id, record.id);
    const form = await t.request('GET', `/api/v1/public-forms/${link.token}`);
    expect(form.status, form.text).toBe(200);
    const field = (form.body as PublicFormPayload).formData.fields.find((f) => f.id === 'gender');
    expect(field?.type).toBe('radio');
    expect(field?.options).toEqual(LABELS.map((label) => ({ value: label, label })));

    const submitted = await t.request('POST', `/api/v1/public-forms/${link.token}/submit`, {
      json: { gender: '男性' },
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(await readRecordData(t, user, table.id, record.id)).toMatchObject({ gender: '男性' });
    const id = (submitted.body as PublicFormSubmitResponse).completed_form_id;
    const download = await fetch(`${t.baseUrl}/api/v1/completed-forms/${id}/download`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(download.status).toBe(200);
    const filled = await PDFDocument.load(await download.arrayBuffer());
    const gender = filled.getForm().getRadioGroup('gender').acroField.dict.get(PDFName.of('V'));
    expect(gender).toBeInstanceOf(PDFName);
    expect((gender as PDFName).decodeText()).toBe(utf8NameText('男性'));
  });
});
