import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EditorField,
  FieldCandidateDto,
  FieldCandidatesResponse,
} from '@formbridge/contract/field-candidates';
import { DEFAULT_ACCEPT_THRESHOLD } from '@formbridge/contract/field-candidates';
import type { Template, TemplateUpdateResponse } from '@formbridge/contract/templates';
import { createTemplate } from '../../../test/factories.ts';
import { buildFlatForm } from '../../../test/flat-form.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  storedKeys,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { ORACLE_TEST_TIMEOUT_MS, pdftkFields, qpdfCheck } from '../../../test/pdf-oracles.ts';

/** Values filled by pdftk from an XFDF, read back by pdftk: what any other tool would see. */
function fillWithPdftk(bytes: Uint8Array, values: Record<string, string>): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'fb-fields-'));
  try {
    const fields = Object.entries(values)
      .map(([name, value]) => `<field name="${name}"><value>${value}</value></field>`)
      .join('');
    writeFileSync(join(dir, 'in.pdf'), bytes);
    writeFileSync(
      join(dir, 'data.xfdf'),
      `<?xml version="1.0" encoding="UTF-8"?><xfdf xmlns="http://ns.adobe.com/xfdf/"><fields>${fields}</fields></xfdf>`,
    );
    const run = spawnSync('pdftk', ['in.pdf', 'fill_form', 'data.xfdf', 'output', 'out.pdf'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A candidate as the editor sends it back (confidence is optional there). */
function asField(candidate: FieldCandidateDto): EditorField {
  return { ...candidate };
}

describe.each(DIALECTS)('Field editor on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let flat: Template;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    flat = await createTemplate(t, user, Buffer.from(await buildFlatForm()), 'Library card');
  });
  afterAll(() => t.close());

  const candidatesOf = async (id: string) => {
    const response = await t.request('POST', `/api/v1/pdf-templates/${id}/field-candidates`, {
      token: user.token,
    });
    expect(response.status, response.text).toBe(200);
    return response.body as FieldCandidatesResponse;
  };
  const putFields = (id: string, fields: EditorField[]) =>
    t.request('PUT', `/api/v1/pdf-templates/${id}/fields`, {
      token: user.token,
      json: { fields },
    });

  it('finds the fields of a flat PDF, 1-based pages, with names and captions', async () => {
    expect(flat.field_count).toBe(0);
    const found = await candidatesOf(flat.id);
    expect(found.pages_without_content).toEqual([]);
    const names = found.candidates.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['full_name', 'date_of_birth', 'postcode']));
    expect(found.candidates.find((c) => c.name === 'full_name')).toMatchObject({
      page: 1,
      type: 'text',
      label: 'Full name',
    });
    expect(found.candidates.find((c) => c.name === 'postcode')).toMatchObject({
      type: 'comb',
      max_len: 6,
    });
  });

  it(
    'writes accepted and drawn fields as a real AcroForm that pdftk fills and reads back',
    async () => {
      const found = await candidatesOf(flat.id);
      const accepted = found.candidates
        .filter((c) => c.confidence >= DEFAULT_ACCEPT_THRESHOLD)
        .map(asField);
      const drawn: EditorField[] = [
        { page: 1, rect: [300, 500, 500, 560], type: 'multiline', name: 'remarks' },
        {
          page: 1,
          rect: [300, 600, 420, 618],
          type: 'dropdown',
          name: 'branch',
          options: [
            { value: 'north', label: 'North' },
            { value: 'south', label: 'South' },
          ],
        },
      ];
      const response = await putFields(flat.id, [...accepted, ...drawn]);
      expect(response.status, response.text).toBe(200);
      const template = response.body as TemplateUpdateResponse;
      expect(template.field_count).toBe(accepted.length + drawn.length);
      expect(template.field_data.postcode).toMatchObject({ comb: true, max_length: 6 });
      expect(template.field_data.remarks).toMatchObject({ type: 'text', multiline: true });
      expect(template.field_data.branch?.options?.map((o) => o.value)).toEqual(['north', 'south']);
      expect(template.field_data.full_name?.rect[0]).toBeCloseTo(110, 0);

      const bytes = new Uint8Array(
        await (await fetch(t.baseUrl + template.file_path)).arrayBuffer(),
      );
      expect(qpdfCheck(bytes).ok).toBe(true);
      const filled = fillWithPdftk(bytes, {
        full_name: 'Ada Lovelace',
        postcode: '75001',
        branch: 'south',
      });
      const read = pdftkFields(filled);
      expect(read.get('full_name')?.[0]?.values).toEqual(['Ada Lovelace']);
      expect(read.get('postcode')?.[0]?.values).toEqual(['75001']);
      expect(read.get('branch')?.[0]?.values).toEqual(['south']);
    },
    ORACLE_TEST_TIMEOUT_MS,
  );

  it('starts every save from the uploaded PDF and keeps it', async () => {
    const template = await createTemplate(t, user, Buffer.from(await buildFlatForm()), 'Twice');
    const field: EditorField = { page: 1, rect: [110, 88, 400, 102], type: 'text', name: 'a' };
    expect((await putFields(template.id, [field])).status).toBe(200);
    const second = await putFields(template.id, [{ ...field, name: 'b' }]);
    expect(second.status, second.text).toBe(200);
    expect(Object.keys((second.body as Template).field_data)).toEqual(['b']);
    // The upload and the latest written copy; the first copy is gone.
    const keys = await storedKeys(t, 'templates/');
    const row = await t.ctx.db
      .selectFrom('pdf_templates')
      .select(['file_key', 'original_file_key'])
      .where('id', '=', template.id)
      .executeTakeFirstOrThrow();
    expect(keys).toEqual(expect.arrayContaining([row.file_key, row.original_file_key]));
    // "Find fields" on it again offers what is missing, not the field it has.
    const again = await candidatesOf(template.id);
    expect(again.candidates.some((c) => c.name === 'full_name')).toBe(false);
    expect(again.candidates.some((c) => c.name === 'postcode')).toBe(true);
  });

  it('refuses a field list that cannot be written, saying which field and why', async () => {
    const base: EditorField = { page: 1, rect: [110, 88, 400, 102], type: 'text', name: 'a' };
    const cases: Array<[EditorField[], string]> = [
      [[{ ...base, name: '  ' }], 'Field 1 has no name'],
      [
        [base, { ...base, rect: [110, 120, 300, 130] }],
        'Two fields are named "a": names must be unique',
      ],
      [[{ ...base, rect: [500, 800, 700, 830] }], 'Field "a" lies outside page 1 (595 × 842 pt)'],
      [[{ ...base, page: 3 }], 'Field "a" is on page 3; the PDF has 1'],
      [[base, { ...base, name: 'b' }], 'Field "b" covers the same box as "a"'],
      [[{ ...base, type: 'dropdown' }], 'Field "a" needs at least one option'],
    ];
    for (const [fields, message] of cases) {
      const response = await putFields(flat.id, fields);
      expect(response.status).toBe(422);
      const { detail } = response.body as { detail: Array<{ msg: string }> };
      expect(detail.map((issue) => issue.msg)).toContain(message);
    }
  });

  it('answers 404 for another user’s template on both calls', async () => {
    await expectNotFoundForOtherUser(
      t,
      'POST',
      `/api/v1/pdf-templates/${flat.id}/field-candidates`,
    );
    await expectNotFoundForOtherUser(t, 'PUT', `/api/v1/pdf-templates/${flat.id}/fields`, {
      json: { fields: [] },
    });
  });
});
