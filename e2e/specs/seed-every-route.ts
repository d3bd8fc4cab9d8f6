import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { apiToken, createTableByApi, uploadTemplateByApi } from './helpers.ts';

// Data for journeys that visit every route (layout, accessibility): two templates, two tables, a
// mapped record, a completed form, a document-form link and a data link, with long names; and a
// deleted table in the Trash.

const SIMPLE_FORM = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/own/simple-form.pdf'),
);
// 60+ characters each: one unbreakable, one a long sentence (what the upload dialog fills in
// from a long file name).
export const NO_SPACES = 'Quarterly_Employee_Benefits_Enrollment_Application_Form_2026_v12';
export const WITH_SPACES =
  'Quarterly Employee Benefits Enrollment Application Form for Contractors';
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

export async function api(page: Page, method: 'post' | 'get', url: string, data?: unknown) {
  const response = await page.request[method](url, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** Everything a route shows, with long names in every place a name appears. */
export async function seedEveryRoute(page: Page) {
  const templateId = await uploadTemplateByApi(page, NO_SPACES, SIMPLE_FORM);
  await uploadTemplateByApi(page, WITH_SPACES, SIMPLE_FORM);
  const tableId = await createTableByApi(page, {
    name: NO_SPACES,
    fields: [
      {
        name: 'full_name_of_the_applicant_as_printed_on_the_passport',
        type: 'string',
        required: true,
      },
      { name: 'email', type: 'email', required: false },
      { name: 'agrees', type: 'boolean', required: false },
    ],
  });
  await createTableByApi(page, {
    name: WITH_SPACES,
    fields: [{ name: 'title', type: 'string', required: false }],
  });
  for (const [field, key] of [
    ['applicant.full_name', 'full_name_of_the_applicant_as_printed_on_the_passport'],
    ['applicant.email', 'email'],
  ]) {
    await api(page, 'post', '/api/v1/field-mappings/', {
      template_id: templateId,
      field_name: field,
      mapped_table_id: tableId,
      mapped_field_key: key,
    });
  }
  const record = await api(page, 'post', `/api/v1/dynamic-tables/${tableId}/records`, {
    data: {
      full_name_of_the_applicant_as_printed_on_the_passport: NO_SPACES,
      email: 'a.very.long.address.for.testing.layouts@example-company-domain.com',
      agrees: true,
    },
  });
  const recordId = String(record.id);
  const form = await api(
    page,
    'post',
    `/api/v1/completed-forms/${templateId}/${tableId}/${recordId}`,
  );
  const publicForm = await api(
    page,
    'post',
    `/api/v1/completed-forms/public-link/${templateId}/${recordId}`,
  );
  // A deleted table with a long name, so the Trash lists something (issue 32).
  const trashed = await createTableByApi(page, { name: NO_SPACES, fields: [{ name: 'x' }] });
  const deleted = await page.request.delete(`/api/v1/dynamic-tables/${trashed}`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(deleted.status()).toBe(204);
  const dataLink = await api(page, 'post', `/api/v1/public-data-links/${tableId}/${recordId}`, {
    is_active: true,
    custom_message: WITH_SPACES,
  });
  return {
    templateId,
    tableId,
    formId: String(form.id),
    publicFormToken: String(publicForm.token),
    dataLinkToken: String(dataLink.token),
  };
}
