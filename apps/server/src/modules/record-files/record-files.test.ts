import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../lib/audit/audit-actor.ts';
import { createRecord, createTable, OWN_FIXTURES, readFixture } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import type { RecordFile, RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';
import { RECORD_FILE_MESSAGES } from '@formbridge/contract/record-files';
import { uploadRecordFile } from '../records/records.files.ts';
import { form, PNG, storedFiles } from './record-files.test-helpers.ts';

describe.each(DIALECTS)('record file uploads on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let table: TableResponse;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    table = await createTable(t, user, {
      name: 'Docs',
      fields: [{ name: 'name' }, { name: 'scan', type: 'file' }, { name: 'extra', type: 'file' }],
    });
  });
  afterAll(() => t.close());

  const uploadUrl = (tableId: string, recordId: string, prefix = '') =>
    `${prefix}/files/${tableId}/records/${recordId}/upload`;
  const upload = (recordId: string, fields: Parameters<typeof form>[0], who = user) =>
    t.request('POST', uploadUrl(table.id, recordId), { token: who.token, body: form(fields) });
  async function attach(
    recordId: string,
    file: Buffer = PNG,
    filename = 'photo.png',
    field = 'scan',
  ) {
    const response = await upload(recordId, { file, filename, field_name: field });
    expect(response.status, response.text).toBe(201);
    return response.body as RecordFile;
  }
  const getRecord = async (recordId: string) =>
    (
      await t.request('GET', `/api/v1/dynamic-tables/${table.id}/records/${recordId}`, {
        token: user.token,
      })
    ).body as RecordResponse;

  it('uploads a file to a record’s file field and lists it in the record', async () => {
    const record = await createRecord(t, user, table.id, { name: 'Ada' });
    const before = (await storedFiles(t)).length;
    const file = await attach(record.id);
    expect(file).toMatchObject({
      filename: 'photo.png',
      file_size: PNG.length,
      content_type: 'image/png',
      field_name: 'scan',
    });
    expect(file.file_path).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    expect((await storedFiles(t)).length).toBe(before + 1);
    const second = await attach(record.id, readFixture(OWN_FIXTURES, 'simple-form.pdf'), 'f.pdf');
    const after = await getRecord(record.id);
    expect(after.data.scan).toEqual(
      [file, second].map((f) => ({ ...f, file_path: expect.any(String) })),
    );
    expect(after.data.extra).toEqual([]);
  });

  it('strips bidirectional controls from the stored file name', async () => {
    const record = await createRecord(t, user, table.id, { name: 'Bidi' });
    const file = await attach(record.id, PNG, 'invoice\u202egnp.exe\u2066\u200f.png');
    expect(file.filename).toBe('invoicegnp.exe.png');
  });

  it('serves the file to its owner and via the signed URL, with the sniffed type', async () => {
    const record = await createRecord(t, user, table.id, { name: 'Serve' });
    const file = await attach(record.id, PNG, 'picture.txt');
    const owner = await fetch(`${t.baseUrl}/api/v1/files/${file.id}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('content-type')).toBe('image/png');
    expect(owner.headers.get('x-content-type-options')).toBe('nosniff');
    expect(owner.headers.get('content-disposition')).toMatch(/^inline; filename="picture.txt"/);
    expect(Buffer.from(await owner.arrayBuffer()).equals(PNG)).toBe(true);
    const signed = await fetch(t.baseUrl + file.file_path);
    expect(signed.status).toBe(200);
    // The signature covers the path, so a signed link can also ask for the download form.
    const forced = await fetch(`${t.baseUrl + file.file_path}&download=1`);
    expect(forced.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect((await fetch(`${t.baseUrl}/api/v1/files/${file.id}`)).status).toBe(401);
  });

  const zip = (entry: string) =>
    Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(26), Buffer.from(entry)]);
  const ole = (stream: string) =>
    Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(64),
      Buffer.from(stream, 'utf16le'),
    ]);
  it.each([
    [PNG, 'a.png', 'image/png', 'inline'],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 'a.jpg', 'image/jpeg', 'inline'],
    [Buffer.from('GIF89a\x01\x00', 'latin1'), 'a.gif', 'image/gif', 'inline'],
    [Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), 'a.webp', 'image/webp', 'inline'],
    [readFixture(OWN_FIXTURES, 'simple-form.pdf'), 'a.pdf', 'application/pdf', 'inline'],
    [ole('WordDocument'), 'a.doc', 'application/msword', 'attachment'],
    [ole('Workbook'), 'a.xls', 'application/vnd.ms-excel', 'attachment'],
    [
      zip('word/document.xml'),
      'a.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'attachment',
    ],
    [
      zip('xl/workbook.xml'),
      'a.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'attachment',
    ],
    [Buffer.from('a;b\r\n1;2\r\n'), 'a.csv', 'text/csv; charset=utf-8', 'attachment'],
    [Buffer.from('Zoë'), 'notes.txt', 'text/plain; charset=utf-8', 'attachment'],
    // A page claiming to be a picture is stored and served as text, as a download.
    [
      Buffer.from('<html><script>alert(1)</script>'),
      'x.png',
      'text/plain; charset=utf-8',
      'attachment',
    ],
  ])('recognises %# by its content', async (bytes, filename, type, disposition) => {
    const record = await createRecord(t, user, table.id, { name: filename });
    const file = await attach(record.id, bytes, filename);
    expect(file.content_type).toBe(type);
    const served = await fetch(t.baseUrl + file.file_path);
    expect(served.headers.get('content-type')).toBe(type);
    expect(served.headers.get('content-disposition')?.split(';')[0]).toBe(disposition);
  });

  it.each([
    [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]), 'tool.exe'],
    [zip('content.xml'), 'a.odt'],
    [ole('__substg1.0_'), 'mail.msg'],
  ])('refuses other types with 415 and stores nothing (%#)', async (bytes, filename) => {
    const record = await createRecord(t, user, table.id, { name: 'Refused' });
    const before = (await storedFiles(t)).length;
    const response = await upload(record.id, { file: bytes, filename, field_name: 'scan' });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ detail: RECORD_FILE_MESSAGES.unsupported });
    expect((await storedFiles(t)).length).toBe(before);
    expect((await getRecord(record.id)).data.scan).toEqual([]);
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const record = await createRecord(t, user, table.id, { name: 'Big' });
    const before = (await storedFiles(t)).length;
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(record.id, {
      file: big,
      filename: 'big.png',
      field_name: 'scan',
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      detail: 'The file is larger than the 10MB limit (10485760 bytes)',
    });
    expect((await storedFiles(t)).length).toBe(before);
  });

  it.each([
    [{ file: PNG }, 'field_name', RECORD_FILE_MESSAGES.fieldNameRequired],
    [{ file: PNG, field_name: 'name' }, 'field_name', RECORD_FILE_MESSAGES.notFileField('name')],
    [{ file: PNG, field_name: 'nope' }, 'field_name', RECORD_FILE_MESSAGES.notFileField('nope')],
    [{ field_name: 'scan' }, 'file', RECORD_FILE_MESSAGES.fileRequired],
    [{ file: Buffer.alloc(0), field_name: 'scan' }, 'file', RECORD_FILE_MESSAGES.fileEmpty],
  ])('validates the upload form (%#)', async (fields, loc, msg) => {
    const record = await createRecord(t, user, table.id, { name: 'Form' });
    const response = await upload(record.id, fields);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ loc: ['body', loc], msg, type: 'value_error' }] });
  });

  it('answers the same under /api/v1/files and JSON for unknown /files paths', async () => {
    const record = await createRecord(t, user, table.id, { name: 'Api' });
    const response = await t.request('POST', uploadUrl(table.id, record.id, '/api/v1'), {
      token: user.token,
      body: form({ file: PNG, filename: 'a.png', field_name: 'scan' }),
    });
    expect(response.status).toBe(201);
    const unknown = await t.request('POST', '/files/whatever', { token: user.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Not Found' });
    const json = await t.request('POST', uploadUrl(table.id, record.id), {
      token: user.token,
      json: { field_name: 'scan' },
    });
    expect(json.status).toBe(415);
    expect(json.headers.get('content-type')).toContain('application/json');
  });

  it('removes the stored file again when the database write fails', async () => {
    const record = await createRecord(t, user, table.id, { name: 'Crash' });
    const before = (await storedFiles(t)).length;
    // Reads work; the transaction that inserts the row and updates the record fails.
    const failing = new Proxy(t.ctx.db, {
      get(target, property) {
        if (property === 'transaction') {
          return () => ({ execute: () => Promise.reject(new Error('disk full')) });
        }
        const value: unknown = Reflect.get(target, property);
        // Kysely keeps its state in private fields, so methods must run on the real instance.
        return typeof value === 'function' ? (value.bind(target) as unknown) : value;
      },
    });
    const upload = uploadRecordFile(
      { ...t.ctx, db: failing },
      { workspaceId: user.id, actor: SYSTEM_ACTOR },
      { tableId: table.id, recordId: record.id },
      {
        fields: { field_name: 'scan' },
        file: { fieldName: 'file', filename: 'a.png', mimetype: 'image/png', bytes: PNG },
      },
    );
    await expect(upload).rejects.toThrow('disk full');
    expect((await storedFiles(t)).length).toBe(before);
    expect((await getRecord(record.id)).data.scan).toEqual([]);
  });
});
