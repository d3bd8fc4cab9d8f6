import zlib from 'node:zlib';
import { expect } from 'vitest';
import { PDFCheckBox, PDFDocument, PDFDropdown, PDFTextField } from '@cantoo/pdf-lib';
import type { CompletedFormWithEmail } from '@formbridge/contract/completed-forms';
import type { JobResponse } from '@formbridge/contract/jobs';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import type { TestApp, TestUser } from '../../../test/harness.ts';
import { buildForm } from '../../pdf/fill/fill-test-forms.ts';

// Test support for generation: a form with one field of each kind the values assembly handles,
// a table pair (clients linking to companies) mapped onto it, and readers for PDFs and zips.

/** Text fields plus a checkbox and a dropdown; `birth_short` has room for 8 characters. */
export function buildGenerationForm(): Promise<Uint8Array> {
  return buildForm(({ form, page }) => {
    const texts = ['name', 'full', 'employer', 'employer_link', 'age', 'birth', 'today', 'user'];
    texts.forEach((name, index) => {
      form.createTextField(name).addToPage(page, {
        x: 50,
        y: 740 - index * 40,
        width: 400,
        height: 24,
      });
    });
    const short = form.createTextField('birth_short');
    short.setMaxLength(8);
    short.addToPage(page, { x: 50, y: 400, width: 200, height: 24 });
    form.createCheckBox('agree').addToPage(page, { x: 50, y: 350, width: 18, height: 18 });
    const country = form.createDropdown('country');
    country.addOptions(['France', 'Germany']);
    country.addToPage(page, { x: 50, y: 300, width: 200, height: 24 });
  });
}

/** A second, two-page form: for multi-template page counts. */
export function buildTwoPageForm(): Promise<Uint8Array> {
  return buildForm(({ doc, form, page }) => {
    form.createTextField('client').addToPage(page, { x: 50, y: 700, width: 300, height: 24 });
    const second = doc.addPage([600, 800]);
    form.createTextField('signed_on').addToPage(second, { x: 50, y: 700, width: 300, height: 24 });
  });
}

export type GenerationSetup = {
  templateId: string;
  tableId: string;
  companiesId: string;
  companyId: string;
};

/** POST /api/v1/field-mappings/ for each `pdf field → key`. */
export async function mapFields(
  t: TestApp,
  user: TestUser,
  templateId: string,
  tableId: string,
  keys: Record<string, string>,
) {
  for (const [fieldName, key] of Object.entries(keys)) {
    const response = await t.request('POST', '/api/v1/field-mappings/', {
      token: user.token,
      json: {
        template_id: templateId,
        field_name: fieldName,
        mapped_table_id: tableId,
        mapped_field_key: key,
      },
    });
    expect(response.status, response.text).toBe(201);
  }
}

/** Companies ← Clients (link 'employer'), the generation form mapped onto Clients. */
export async function setUpGeneration(t: TestApp, user: TestUser): Promise<GenerationSetup> {
  const companies = await createTable(t, user, {
    name: 'Companies',
    fields: [{ name: 'Company Name', type: 'string', required: true }],
  });
  const company = await createRecord(t, user, companies.id, { 'Company Name': 'Société Générale' });
  const clients = await createTable(t, user, {
    name: 'Clients',
    fields: [
      { name: 'first_name', type: 'string', required: true },
      { name: 'last_name', type: 'string', required: false },
      { name: 'age', type: 'number', required: false },
      { name: 'birth', type: 'date', required: false },
      { name: 'agrees', type: 'boolean', required: false },
      { name: 'country', type: 'string', required: false },
      { name: 'employer', type: 'link', required: false, linked_table_id: companies.id },
    ],
    combination_rules: [
      { name: 'Full Name', source_fields: ['first_name', 'last_name'], separator: ' ' },
    ],
  });
  const template = await createTemplate(
    t,
    user,
    Buffer.from(await buildGenerationForm()),
    'Client sheet',
  );
  await mapFields(t, user, template.id, clients.id, {
    name: 'first_name',
    full: 'Full Name',
    employer: 'employer.Company Name',
    employer_link: 'employer',
    age: 'age',
    birth: 'birth',
    birth_short: 'birth',
    agree: 'agrees',
    country: 'country',
    today: 'universal::current_date',
    user: 'universal::user_email',
  });
  return {
    templateId: template.id,
    tableId: clients.id,
    companiesId: companies.id,
    companyId: company.id,
  };
}

/** A client record; defaults are valid for every field of the generation form. */
export async function createClient(
  t: TestApp,
  user: TestUser,
  setup: GenerationSetup,
  data: Record<string, unknown> = {},
) {
  return createRecord(t, user, setup.tableId, {
    first_name: 'Ada',
    last_name: 'Lovelace',
    age: 36,
    birth: '1815-12-10',
    agrees: true,
    country: 'France',
    employer: setup.companyId,
    ...data,
  });
}

/** Single generation; asserts 201 and returns the body. */
export async function generate(
  t: TestApp,
  user: TestUser,
  setup: GenerationSetup,
  recordId: string,
  query = '',
): Promise<CompletedFormWithEmail> {
  const response = await t.request(
    'POST',
    `/api/v1/completed-forms/${setup.templateId}/${setup.tableId}/${recordId}${query}`,
    { token: user.token },
  );
  expect(response.status, response.text).toBe(201);
  return response.body as CompletedFormWithEmail;
}

/** GET of a URL from a response (signed): the bytes, without a bearer token. */
export async function fetchBytes(t: TestApp, url: string) {
  const response = await fetch(t.baseUrl + url);
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/** Field values as pdf-lib reads them: text, checkbox state, dropdown selection. */
export async function readFormValues(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const doc = await PDFDocument.load(bytes);
  const values: Record<string, unknown> = {};
  for (const field of doc.getForm().getFields()) {
    const name = field.getName();
    if (field instanceof PDFTextField) {
      values[name] = field.getText() ?? null;
    } else if (field instanceof PDFCheckBox) {
      values[name] = field.isChecked();
    } else if (field instanceof PDFDropdown) {
      values[name] = field.getSelected();
    }
  }
  return values;
}

export async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

/** Entries of a zip (names in order, inflated bytes), read from its central directory. */
export function readZip(bytes: Uint8Array): Array<{ name: string; bytes: Uint8Array }> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd, 'end of central directory').toBeGreaterThanOrEqual(0);
  const count = buffer.readUInt16LE(eocd + 10);
  let at = buffer.readUInt32LE(eocd + 16);
  const entries: Array<{ name: string; bytes: Uint8Array }> = [];
  for (let index = 0; index < count; index += 1) {
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localHeader = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    const localNameLength = buffer.readUInt16LE(localHeader + 26);
    const localExtraLength = buffer.readUInt16LE(localHeader + 28);
    const start = localHeader + 30 + localNameLength + localExtraLength;
    const data = buffer.subarray(start, start + compressedSize);
    entries.push({ name, bytes: method === 8 ? zlib.inflateRawSync(data) : data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Reads a job until it ends (for jobs started without `?wait=true`). */
export async function waitForJob(t: TestApp, user: TestUser, jobId: string): Promise<JobResponse> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const response = await t.request('GET', `/api/v1/jobs/${jobId}`, { token: user.token });
    const body = response.body as JobResponse;
    if (body.job.status === 'succeeded' || body.job.status === 'failed') {
      return body;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not end`);
}
