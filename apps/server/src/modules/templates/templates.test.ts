import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template, TemplateSummary } from '@formbridge/contract/templates';
import {
  CORPUS_FIXTURES,
  createTemplate,
  OWN_FIXTURES,
  readFixture,
  templateForm,
  uploadTemplate,
} from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  storedKeys,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';

function storedFiles(t: TestApp): Promise<string[]> {
  return storedKeys(t, 'templates/');
}

describe.each(DIALECTS)('PDF templates on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  it('uploads a PDF, detects its fields and stores the file', async () => {
    const before = (await storedFiles(t)).length;
    const template = await createTemplate(t, user);
    expect(template).toMatchObject({ name: 'Simple form', field_count: 3, page_count: 1 });
    expect(template.pages).toEqual([{ width: 612, height: 792 }]);
    expect(Object.keys(template.field_data).sort()).toEqual([
      'agree',
      'applicant.email',
      'applicant.full_name',
    ]);
    expect(template.field_data['applicant.full_name']).toMatchObject({
      type: 'text',
      page: 0,
      rect: [149.5, 71.5, 400.5, 92.5],
    });
    expect(template.field_data['applicant.full_name']?.label).toBe('Full name');
    expect(template.field_data.agree).toMatchObject({ type: 'checkbox' });
    expect((await storedFiles(t)).length).toBe(before + 1);
  });

  it('lists, reads and returns the fields of the owner’s templates', async () => {
    const template = await createTemplate(t, user, undefined, 'Listed form');
    const list = await t.request('GET', '/api/v1/pdf-templates/', { token: user.token });
    expect(list.status).toBe(200);
    const entry = (list.body as TemplateSummary[]).find((item) => item.id === template.id);
    expect(entry).toMatchObject({ name: 'Listed form', field_count: 3 });
    expect(entry).not.toHaveProperty('field_data');
    const one = await t.request('GET', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
    });
    expect(one.body).toMatchObject({ id: template.id, field_count: 3 });
    const fields = await t.request('GET', `/api/v1/pdf-templates/${template.id}/fields`, {
      token: user.token,
    });
    expect(fields.body).toEqual({
      field_data: template.field_data,
      page_count: 1,
      pages: template.pages,
    });
  });

  it('serves the PDF to its owner and through the signed file_path without a token', async () => {
    const template = await createTemplate(t, user);
    const original = readFixture(OWN_FIXTURES, 'simple-form.pdf');
    const withToken = await fetch(`${t.baseUrl}/api/v1/pdf-templates/${template.id}/file`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await withToken.arrayBuffer()).equals(original)).toBe(true);

    const signed = await fetch(t.baseUrl + template.file_path);
    expect(signed.status).toBe(200);
    expect(Buffer.from(await signed.arrayBuffer()).equals(original)).toBe(true);

    // Flip the signature's first character to one it certainly is not.
    const tampered = await fetch(
      t.baseUrl +
        template.file_path.replace(/signature=(.)/, (_match, first: string) =>
          first === 'A' ? 'signature=B' : 'signature=A',
        ),
    );
    expect(tampered.status).toBe(401);
    const anonymous = await fetch(`${t.baseUrl}/api/v1/pdf-templates/${template.id}/file`);
    expect(anonymous.status).toBe(401);
  });

  it('does not let a signed URL for one template open another', async () => {
    const first = await createTemplate(t, user);
    const second = await createTemplate(t, user);
    const query = first.file_path.split('?')[1];
    const response = await fetch(`${t.baseUrl}/api/v1/pdf-templates/${second.id}/file?${query}`);
    expect(response.status).toBe(401);
  });

  it.each([
    ['not-a-pdf.pdf', 415, 'The file is not a valid PDF'],
    ['truncated.pdf', 422, 'The file is not a valid PDF'],
    ['password-protected.pdf', 422, 'This PDF is password-protected'],
  ])('refuses %s with %i and writes nothing', async (fixture, status, detail) => {
    const before = (await storedFiles(t)).length;
    const list = await t.request('GET', '/api/v1/pdf-templates/', { token: user.token });
    const response = await uploadTemplate(t, user, {
      name: 'Bad',
      file: readFixture(OWN_FIXTURES, fixture),
    });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ detail });
    expect((await storedFiles(t)).length).toBe(before);
    const after = await t.request('GET', '/api/v1/pdf-templates/', { token: user.token });
    expect((after.body as unknown[]).length).toBe((list.body as unknown[]).length);
  });

  it('refuses a damaged corpus file with 422, never a 500', async () => {
    const response = await uploadTemplate(t, user, {
      name: 'Fuzzed',
      file: readFixture(CORPUS_FIXTURES, 'pdfjs_PDFBOX-3148-2-fuzzed.pdf'),
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: 'The file is not a valid PDF', code: 'damaged' });
  });

  it('accepts an encrypted PDF that opens without a password', async () => {
    const template = await createTemplate(
      t,
      user,
      readFixture(CORPUS_FIXTURES, 'pdfjs_issue9972-1_enc.pdf'),
    );
    expect(template.field_count).toBe(6);
  });

  it('stores a repaired copy when widgets are missing from the field tree', async () => {
    const original = readFixture(CORPUS_FIXTURES, 'qpdf_form-errors.pdf');
    const template = await createTemplate(t, user, original);
    expect(template.field_count).toBe(7);
    const stored = Buffer.from(await (await fetch(t.baseUrl + template.file_path)).arrayBuffer());
    // An incremental update: the upload's bytes are kept and the repair is appended.
    expect(stored.length).toBeGreaterThan(original.length);
    expect(stored.subarray(0, original.length).equals(original)).toBe(true);
    expect(template.file_size).toBe(stored.length);
  });

  it('gives a PDF without a form an empty field_data', async () => {
    const template = await createTemplate(t, user, readFixture(OWN_FIXTURES, 'plain-no-form.pdf'));
    expect(template.field_data).toEqual({});
    expect(template.field_count).toBe(0);
  });

  it.each([
    [{ file: readFixture(OWN_FIXTURES, 'simple-form.pdf') }, 'name', 'Template name is required'],
    [
      { name: '   ', file: readFixture(OWN_FIXTURES, 'simple-form.pdf') },
      'name',
      'Template name is required',
    ],
    [
      { name: 'x'.repeat(201), file: readFixture(OWN_FIXTURES, 'simple-form.pdf') },
      'name',
      'Template name must be at most 200 characters',
    ],
    [{ name: 'No file' }, 'pdf_file', 'A PDF file is required'],
  ])('validates the upload form (%#)', async (fields, field, msg) => {
    const response = await uploadTemplate(t, user, fields);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ loc: ['body', field], msg, type: 'value_error' }] });
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const before = (await storedFiles(t)).length;
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.7\n');
    const response = await uploadTemplate(t, user, { name: 'Huge', file: big });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      detail: 'The file is larger than the 10MB limit (10485760 bytes)',
    });
    expect((await storedFiles(t)).length).toBe(before);
  });

  it('renames with JSON and replaces the PDF with multipart, removing the old file', async () => {
    const template = await createTemplate(t, user);
    const renamed = await t.request('PUT', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
      json: { name: 'Renamed form' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Renamed form',
      field_count: 3,
      dropped_mappings: [],
    });

    const before = await storedFiles(t);
    const replaced = await t.request('PUT', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
      body: templateForm({ file: readFixture(CORPUS_FIXTURES, 'qpdf_field-types.pdf') }),
    });
    expect(replaced.status).toBe(200);
    const body = replaced.body as Template;
    expect(body).toMatchObject({ name: 'Renamed form', field_count: 11 });
    expect((await storedFiles(t)).length).toBe(before.length);
    expect(await storedFiles(t)).not.toEqual(before);
  });

  it('keeps the template as it was when a replacement is refused', async () => {
    const template = await createTemplate(t, user);
    const response = await t.request('PUT', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
      body: templateForm({
        name: 'Should not stick',
        file: readFixture(OWN_FIXTURES, 'truncated.pdf'),
      }),
    });
    expect(response.status).toBe(422);
    const after = await t.request('GET', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
    });
    expect(after.body).toMatchObject({ name: 'Simple form', field_count: 3 });
    expect((await fetch(t.baseUrl + template.file_path)).status).toBe(200);
  });

  it('deletes the row to the trash, keeping the file until the trash item is purged', async () => {
    const template = await createTemplate(t, user);
    const before = (await storedFiles(t)).length;
    const deleted = await t.request('DELETE', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
    });
    expect(deleted.status).toBe(204);
    expect((await storedFiles(t)).length).toBe(before);
    const purged = await t.request('DELETE', `/api/v1/trash/${template.id}`, { token: user.token });
    expect(purged.status).toBe(204);
    expect((await storedFiles(t)).length).toBe(before - 1);
    const gone = await t.request('GET', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
    });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: 'Template not found' });
  });

  it('hides every template endpoint from another user', async () => {
    const template = await createTemplate(t, user);
    const base = `/api/v1/pdf-templates/${template.id}`;
    await expectNotFoundForOtherUser(t, 'GET', base);
    await expectNotFoundForOtherUser(t, 'GET', `${base}/fields`);
    await expectNotFoundForOtherUser(t, 'GET', `${base}/file`);
    await expectNotFoundForOtherUser(t, 'PUT', base, { json: { name: 'Mine now' } });
    await expectNotFoundForOtherUser(t, 'DELETE', base);
    const stranger = await createUser(t);
    const list = await t.request('GET', '/api/v1/pdf-templates/', { token: stranger.token });
    expect(list.body).toEqual([]);
    const still = await t.request('GET', base, { token: user.token });
    expect(still.body).toMatchObject({ name: 'Simple form' });
  });

  it('requires a token for every template endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/pdf-templates/'],
      ['POST', '/api/v1/pdf-templates/'],
      ['GET', '/api/v1/pdf-templates/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await t.request(method, url)).status).toBe(401);
    }
  });
});
