import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MappingPreview } from '@formbridge/contract/mapping-preview';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { buildForm } from '../../pdf/fill/fill-test-forms.ts';

function buildPreviewForm() {
  return buildForm(({ form, page }) => {
    form.createTextField('birth_us').addToPage(page, { x: 50, y: 700, width: 300, height: 24 });
    const code = form.createTextField('code');
    code.setMaxLength(4);
    code.addToPage(page, { x: 50, y: 650, width: 300, height: 24 });
    form.createTextField('untouched').addToPage(page, { x: 50, y: 600, width: 300, height: 24 });
    const sex = form.createDropdown('sex');
    sex.addOptions(['Female', 'Male']);
    sex.addToPage(page, { x: 50, y: 550, width: 200, height: 24 });
  });
}

describe.each(DIALECTS)('mapping preview on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let templateId: string;
  let tableId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    templateId = (await createTemplate(t, user, Buffer.from(await buildPreviewForm()), 'Preview'))
      .id;
    tableId = (
      await createTable(t, user, {
        name: 'People',
        fields: [
          { name: 'name', type: 'string', required: true },
          { name: 'birth', type: 'date', required: false },
          { name: 'sex', type: 'string', required: false },
        ],
      })
    ).id;
    const mappings = [
      ['birth_us', 'birth', { kind: 'date', pattern: 'D MMMM YYYY', locale: 'fr' }],
      ['code', 'name', { kind: 'text', case: 'upper' }],
      ['sex', 'sex', { kind: 'value_map', entries: [{ from: 'M', to: 'Male' }] }],
    ] as const;
    for (const [field, key, transform] of mappings) {
      const response = await t.request('POST', '/api/v1/field-mappings/', {
        token: user.token,
        json: {
          template_id: templateId,
          field_name: field,
          mapped_table_id: tableId,
          mapped_field_key: key,
          transform,
        },
      });
      expect(response.status, response.text).toBe(201);
    }
  });
  afterAll(() => t.close());

  const preview = (recordId: string) =>
    t.request('POST', `/api/v1/field-mappings/template/${templateId}/preview`, {
      token: user.token,
      json: { table_id: tableId, record_id: recordId },
    });

  it("shows each mapped field's value after its transform with the fill report's warnings", async () => {
    const record = await createRecord(t, user, tableId, {
      name: 'Annabelle',
      birth: '1990-04-12',
      sex: 'X',
    });
    const response = await preview(record.id);
    expect(response.status, response.text).toBe(200);
    const body = response.body as MappingPreview;
    expect(body.record_display_name).toBe('Annabelle');
    expect(body.fields.map((field) => field.field_name)).toEqual(['birth_us', 'code', 'sex']);
    const [birth, code, sex] = body.fields;
    expect(birth).toMatchObject({
      transform_label: 'Date D MMMM YYYY (fr)',
      value: '12 avril 1990',
      value_written: '12 avril 1990',
      problems: [],
    });
    expect(code).toMatchObject({ value: 'ANNABELLE', value_written: 'ANNA' });
    expect(code?.problems).toEqual([
      'value is longer than the field\'s maximum of 4 characters; not written: "BELLE"',
    ]);
    expect(sex?.value).toBe('X');
    expect(sex?.value_written).toBeNull();
    expect(sex?.problems).toContain(
      'Transform "Value map (1 entry)": "X" is not in the value map; written as it is',
    );
  });

  it('stores nothing and answers 404 for a record or template that is not the user’s', async () => {
    const record = await createRecord(t, user, tableId, { name: 'Bo' });
    expect((await preview(record.id)).status).toBe(200);
    const forms = await t.request('GET', `/api/v1/completed-forms/?template_id=${templateId}`, {
      token: user.token,
    });
    expect(forms.body).toEqual([]);
    await expectNotFoundForOtherUser(
      t,
      'POST',
      `/api/v1/field-mappings/template/${templateId}/preview`,
      { json: { table_id: tableId, record_id: record.id } },
    );
    const missing = await preview('00000000-0000-4000-8000-000000000000');
    expect(missing).toMatchObject({ status: 404, body: { detail: 'Record not found' } });
  });
});
