import { expect } from 'vitest';
import type { PublicFormLinkCreated } from '@formbridge/contract/public-links';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import type { TestApp, TestUser } from '../../../test/harness.ts';
import { buildForm } from '../../pdf/fill/fill-test-forms.ts';

// A document form with a field of each kind the public form shapes (text, dropdown, radio,
// multi-line text, checkbox) mapped onto an Applicants table, plus a way to share it.

/** The application PDF: name, e-mail, status dropdown, plan radio, remarks box, agree, display. */
export function buildApplicationForm(): Promise<Uint8Array> {
  return buildForm(({ form, page }) => {
    const box = (y: number) => ({ x: 50, y, width: 300, height: 24 });
    form.createTextField('applicant_name').addToPage(page, box(740));
    form.createTextField('applicant_email').addToPage(page, box(700));
    const status = form.createDropdown('status');
    status.addOptions(['Single', 'Married']);
    status.addToPage(page, box(660));
    const plan = form.createRadioGroup('plan');
    plan.addOptionToPage('basic', page, { x: 50, y: 620, width: 16, height: 16 });
    plan.addOptionToPage('premium', page, { x: 100, y: 620, width: 16, height: 16 });
    const remarks = form.createTextField('remarks');
    remarks.enableMultiline();
    remarks.addToPage(page, { x: 50, y: 500, width: 300, height: 100 });
    form.createCheckBox('agree').addToPage(page, { x: 50, y: 460, width: 16, height: 16 });
    form.createTextField('display').addToPage(page, box(420));
  });
}

export type ApplicationSetup = { templateId: string; tableId: string; recordId: string };

/** Applicants (with a link to Companies) and the application form mapped onto it. */
export async function setUpApplication(t: TestApp, user: TestUser): Promise<ApplicationSetup> {
  const companies = await createTable(t, user, { name: 'Companies' });
  const applicants = await createTable(t, user, {
    name: 'Applicants',
    fields: [
      { name: 'age', type: 'number' },
      { name: 'full_name', type: 'string', required: true },
      { name: 'email', type: 'email' },
      { name: 'status', type: 'string' },
      { name: 'plan', type: 'string' },
      { name: 'history', type: 'string' },
      { name: 'agrees', type: 'boolean', required: true },
      { name: 'nickname', type: 'string' },
      { name: 'birth', type: 'date' },
      { name: 'photo', type: 'file' },
      { name: 'employer', type: 'link', linked_table_id: companies.id },
    ],
    combination_rules: [{ name: 'Display', source_fields: ['full_name', 'nickname'] }],
  });
  const template = await createTemplate(
    t,
    user,
    Buffer.from(await buildApplicationForm()),
    'Application',
  );
  const keys: Record<string, string> = {
    applicant_name: 'full_name',
    applicant_email: 'email',
    status: 'status',
    plan: 'plan',
    remarks: 'history',
    agree: 'agrees',
    display: 'Display',
  };
  for (const [fieldName, key] of Object.entries(keys)) {
    const response = await t.request('POST', '/api/v1/field-mappings/', {
      token: user.token,
      json: {
        template_id: template.id,
        field_name: fieldName,
        mapped_table_id: applicants.id,
        mapped_field_key: key,
      },
    });
    expect(response.status, response.text).toBe(201);
  }
  const record = await createRecord(t, user, applicants.id, {
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    age: 36,
  });
  return { templateId: template.id, tableId: applicants.id, recordId: record.id };
}

/** POST /api/v1/completed-forms/public-link/{templateId}/{recordId} as the owner. */
export async function sharePublicForm(
  t: TestApp,
  user: TestUser,
  templateId: string,
  recordId: string,
  expectedStatus = 201,
): Promise<PublicFormLinkCreated> {
  const response = await t.request(
    'POST',
    `/api/v1/completed-forms/public-link/${templateId}/${recordId}`,
    { token: user.token },
  );
  expect(response.status, response.text).toBe(expectedStatus);
  return response.body as PublicFormLinkCreated;
}
