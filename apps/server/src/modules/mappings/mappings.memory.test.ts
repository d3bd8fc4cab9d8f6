import { PDFDocument, PDFHexString, PDFName } from '@cantoo/pdf-lib';
import type { AuditPage } from '@formbridge/contract/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Suggestion } from '@formbridge/contract/mappings';
import { createTable, createTemplate } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';

/** A one-field form: the field's name says nothing, its tooltip is the printed caption. */
async function formWith(fieldName: string, tooltip: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 200]);
  const field = doc.getForm().createTextField(fieldName);
  field.addToPage(page, { x: 50, y: 100, width: 200, height: 16 });
  field.acroField.getWidgets()[0]?.dict.set(PDFName.of('TU'), PDFHexString.fromText(tooltip));
  return Buffer.from(await doc.save());
}

describe.each(DIALECTS)('suggestions learn from the account on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  async function suggestionsFor(user: TestUser, templateId: string, tableId: string) {
    const response = await t.request(
      'POST',
      `/api/v1/field-mappings/template/${templateId}/suggest?table_id=${tableId}`,
      { token: user.token },
    );
    expect(response.status).toBe(200);
    return (response.body as { suggestions: Suggestion[] }).suggestions;
  }

  it('suggests what the user mapped on another template, with the reason, until rejected', async () => {
    const user = await createUser(t);
    const staff = await createTable(t, user, {
      name: 'Staff',
      fields: [
        { name: 'org_label', type: 'string', required: false },
        { name: 'email', type: 'email', required: false },
      ],
    });
    const w4 = await createTemplate(t, user, await formWith('f1_1[0]', "Employer's name"), 'W-4');
    const i9 = await createTemplate(t, user, await formWith('Text7', "Employer's name"), 'I-9');
    // Nothing in "Employer's name" says org_label: the engine alone suggests nothing.
    expect(await suggestionsFor(user, i9.id, staff.id)).toEqual([]);

    const mapped = await t.request('POST', '/api/v1/field-mappings/', {
      token: user.token,
      json: {
        template_id: w4.id,
        field_name: 'f1_1[0]',
        mapped_table_id: staff.id,
        mapped_field_key: 'org_label',
      },
    });
    expect(mapped.status).toBe(201);
    const [learned] = await suggestionsFor(user, i9.id, staff.id);
    expect(learned).toMatchObject({
      field_name: 'Text7',
      suggested_field_key: 'org_label',
      reason: "you mapped 'Employer's name' → org_label on W-4",
    });

    // Another account learns nothing from this one.
    const other = await createUser(t);
    const otherStaff = await createTable(t, other, {
      name: 'Staff',
      fields: [{ name: 'org_label', type: 'string', required: false }],
    });
    const otherI9 = await createTemplate(t, other, await formWith('Text7', "Employer's name"));
    expect(await suggestionsFor(other, otherI9.id, otherStaff.id)).toEqual([]);

    const rejected = await t.request(
      'POST',
      `/api/v1/field-mappings/template/${i9.id}/suggestions/reject`,
      { token: user.token, json: { field_name: 'Text7', suggested_field_key: 'org_label' } },
    );
    expect(rejected.status).toBe(204);
    expect(await suggestionsFor(user, i9.id, staff.id)).toEqual([]);
    const audit = await t.request('GET', `/api/v1/workspaces/${user.id}/audit`, {
      token: user.token,
    });
    const [latest] = (audit.body as AuditPage).events;
    expect(latest).toMatchObject({
      action: 'template.suggestion_rejected',
      target: { kind: 'template', id: i9.id },
      changes: [{ field: 'Text7', before: null, after: 'not org_label' }],
    });
  });

  it('refuses a rejection for a field the template does not have', async () => {
    const user = await createUser(t);
    const template = await createTemplate(t, user, await formWith('Text1', 'Name'));
    const response = await t.request(
      'POST',
      `/api/v1/field-mappings/template/${template.id}/suggestions/reject`,
      { token: user.token, json: { field_name: 'Nope', suggested_field_key: 'name' } },
    );
    expect(response.status).toBe(422);
    const other = await createUser(t);
    const foreign = await t.request(
      'POST',
      `/api/v1/field-mappings/template/${template.id}/suggestions/reject`,
      { token: other.token, json: { field_name: 'Text1', suggested_field_key: 'name' } },
    );
    expect(foreign.status).toBe(404);
  });
});
