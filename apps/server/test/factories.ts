import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Template } from '@formbridge/contract/templates';
import type { RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';
import type { ApiResponse, TestApp, TestUser } from './harness.ts';

export const OWN_FIXTURES = path.join(import.meta.dirname, 'fixtures/own');
export const CORPUS_FIXTURES = path.join(import.meta.dirname, 'fixtures/pdf/pdf');

export function readFixture(dir: string, name: string): Buffer {
  return fs.readFileSync(path.join(dir, name));
}

/** A multipart body the way a browser sends the upload form. */
export function templateForm(fields: {
  name?: string;
  file?: Uint8Array;
  filename?: string;
}): FormData {
  const form = new FormData();
  if (fields.name !== undefined) {
    form.append('name', fields.name);
  }
  if (fields.file) {
    form.append(
      'pdf_file',
      new Blob([fields.file], { type: 'application/pdf' }),
      fields.filename ?? 'form.pdf',
    );
  }
  return form;
}

export function uploadTemplate(
  t: TestApp,
  user: TestUser,
  fields: { name?: string; file?: Uint8Array; filename?: string },
): Promise<ApiResponse> {
  return t.request('POST', '/api/v1/pdf-templates/', {
    token: user.token,
    body: templateForm(fields),
  });
}

/** Uploads our simple two-text-field form (or another file) and returns the created template. */
export async function createTemplate(
  t: TestApp,
  user: TestUser,
  file = readFixture(OWN_FIXTURES, 'simple-form.pdf'),
  name = 'Simple form',
): Promise<Template> {
  const response = await uploadTemplate(t, user, { name, file });
  expect(response.status, response.text).toBe(201);
  return response.body as Template;
}

/** A table body as the create modal sends it; fields default to one required Text 'name'. */
export type TableInput = {
  name?: string;
  fields?: Array<Record<string, unknown>>;
  combination_rules?: Array<Record<string, unknown>>;
  use_display_field?: boolean;
  display_field_key?: string | null;
};

/** Creates a dynamic table through the API and returns it. */
export async function createTable(
  t: TestApp,
  user: TestUser,
  input: TableInput = {},
): Promise<TableResponse> {
  const response = await t.request('POST', '/api/v1/dynamic-tables/', {
    token: user.token,
    json: {
      name: input.name ?? 'Clients',
      fields: input.fields ?? [{ name: 'name', type: 'string', required: true }],
      ...(input.combination_rules ? { combination_rules: input.combination_rules } : {}),
      ...(input.use_display_field === undefined
        ? {}
        : { use_display_field: input.use_display_field }),
      ...(input.display_field_key === undefined
        ? {}
        : { display_field_key: input.display_field_key }),
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as TableResponse;
}

/** Creates a record through the API and returns it. */
export async function createRecord(
  t: TestApp,
  user: TestUser,
  tableId: string,
  data: Record<string, unknown>,
): Promise<RecordResponse> {
  const response = await t.request('POST', `/api/v1/dynamic-tables/${tableId}/records`, {
    token: user.token,
    json: { data },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as RecordResponse;
}
