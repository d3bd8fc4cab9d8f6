import crypto from 'node:crypto';
import { buildXlsx } from '../../../test/xlsx.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_MESSAGES } from '@formbridge/contract/records';
import { createRecord, createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import type { RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';
import { IMPORT_MESSAGES } from './imports.columns.ts';
import { IMPORT_FILE_MESSAGES } from './imports.service.ts';

const BASE = '/api/v1/dynamic-tables';

function csvForm(content: string | Uint8Array, mapping?: unknown, filename = 'people.csv') {
  const body = new FormData();
  body.append('file', new Blob([content], { type: 'text/csv' }), filename);
  if (mapping !== undefined) {
    body.append('mapping', typeof mapping === 'string' ? mapping : JSON.stringify(mapping));
  }
  return body;
}

describe.each(DIALECTS)('CSV import and export on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let people: TableResponse;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    people = await createTable(t, user, {
      name: 'People',
      fields: [
        { name: 'full_name', label: 'Full Name', required: true },
        { name: 'age', type: 'number' },
        { name: 'member', type: 'boolean' },
        { name: 'joined', type: 'date' },
        { name: 'email', type: 'email' },
      ],
    });
  });
  afterAll(() => t.close());

  const preview = (tableId: string, content: string | Uint8Array, filename?: string) =>
    t.request('POST', `${BASE}/${tableId}/import/preview`, {
      token: user.token,
      body: csvForm(content, undefined, filename),
    });
  const importCsv = (tableId: string, content: string, mapping?: unknown) =>
    t.request('POST', `${BASE}/${tableId}/import`, {
      token: user.token,
      body: csvForm(content, mapping),
    });
  const records = async (tableId: string) =>
    (await t.request('GET', `${BASE}/${tableId}/records`, { token: user.token }))
      .body as RecordResponse[];

  it('previews columns, the first 20 rows, the row count and a suggested mapping', async () => {
    const lines = ['\ufeffFull Name;Age;Notes;;Age'];
    for (let index = 1; index <= 25; index += 1) {
      lines.push(`Person ${index};${index};"a;b"`);
    }
    lines.push('');
    const response = await preview(people.id, lines.join('\r\n'));
    expect(response.status, response.text).toBe(200);
    const body = response.body as { sample_rows: string[][] };
    expect(response.body).toMatchObject({
      delimiter: ';',
      columns: ['Full Name', 'Age', 'Notes', 'Column 4', 'Age (2)'],
      row_count: 25,
      suggested_mapping: { 'Full Name': 'full_name', Age: 'age' },
    });
    expect(body.sample_rows).toHaveLength(20);
    expect(body.sample_rows[0]).toEqual(['Person 1', '1', 'a;b', '', '']);
  });

  it.each([
    [
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      'a.xls',
      IMPORT_FILE_MESSAGES.xls,
    ],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'a.csv', IMPORT_FILE_MESSAGES.notCsv],
  ])(
    'refuses old .xls workbooks and binary files with 415 (%#)',
    async (bytes, filename, detail) => {
      const response = await preview(people.id, bytes, filename);
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ detail });
    },
  );

  it('previews and imports the first sheet of an .xlsx workbook with typed cells', async () => {
    const table = await createTable(t, user, {
      name: 'Workbook people',
      fields: [
        { name: 'full_name', type: 'string', required: true },
        { name: 'age', type: 'number' },
        { name: 'birthday', type: 'date' },
        { name: 'active', type: 'boolean' },
      ],
    });
    const workbook = await buildXlsx([
      ['Full Name', 'Age', 'Birthday', 'Active'],
      ['Zoë Ñandú', 42, { excelDate: 45000 }, true],
      ['张伟', 7.5, null, false],
    ]);
    const previewed = await preview(table.id, workbook, 'people.xlsx');
    expect(previewed.status).toBe(200);
    expect(previewed.body).toMatchObject({
      columns: ['Full Name', 'Age', 'Birthday', 'Active'],
      row_count: 2,
      suggested_mapping: {
        'Full Name': 'full_name',
        Age: 'age',
        Birthday: 'birthday',
        Active: 'active',
      },
    });
    expect((previewed.body as { sample_rows: string[][] }).sample_rows[0]).toEqual([
      'Zoë Ñandú',
      '42',
      '2023-03-15',
      'true',
    ]);
    const form = new FormData();
    form.append('file', new Blob([workbook]), 'people.xlsx');
    const imported = await t.request('POST', `/api/v1/dynamic-tables/${table.id}/import`, {
      token: user.token,
      body: form,
    });
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body).toMatchObject({ imported: 2 });
    const records = await t.request('GET', `/api/v1/dynamic-tables/${table.id}/records`, {
      token: user.token,
    });
    const data = (records.body as Array<{ data: Record<string, unknown> }>).map(
      (record) => record.data,
    );
    expect(data).toEqual([
      expect.objectContaining({
        full_name: 'Zoë Ñandú',
        age: 42,
        birthday: '2023-03-15',
        active: true,
      }),
      expect.objectContaining({ full_name: '张伟', age: 7.5, birthday: null, active: false }),
    ]);
  });

  it('answers a damaged .xlsx with 422', async () => {
    const response = await preview(
      people.id,
      Buffer.from('PK\x03\x04....[Content_Types].xml xl/workbook.xml', 'latin1'),
      'a.xlsx',
    );
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      detail: [
        {
          loc: ['body', 'file'],
          msg: 'The workbook could not be read. Save it again as .xlsx or CSV.',
        },
      ],
    });
  });

  it('refuses a file without a header and a quote that never closes', async () => {
    const empty = await preview(people.id, '\r\n');
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      detail: [{ loc: ['body', 'file'], msg: IMPORT_FILE_MESSAGES.empty, type: 'value_error' }],
    });
    const open = await preview(people.id, 'a,b\n1,"2\n');
    expect(open.body).toEqual({
      detail: [
        {
          loc: ['body', 'file', 2],
          msg: 'Row 2 has a quote that is never closed.',
          type: 'value_error',
        },
      ],
    });
  });

  it('imports every row with typed values, in file order, skipping blank rows', async () => {
    const table = await createTable(t, user, {
      name: 'Typed',
      fields: [
        { name: 'full_name', required: true },
        { name: 'age', type: 'number' },
        { name: 'member', type: 'boolean' },
        { name: 'joined', type: 'date' },
      ],
    });
    const csv = [
      'Name,Years,Member?,Joined,Ignored',
      '"Lovelace, Ada",36,yes,1833-06-05,x',
      'Bob,,No,,y',
      ',,,,',
      "'=cmd,1,1,2020-02-29,z",
      'Zoë,0.5,false,2024-01-01,',
    ].join('\r\n');
    const response = await importCsv(table.id, csv, {
      Name: 'full_name',
      Years: 'age',
      'Member?': 'member',
      Joined: 'joined',
      Ignored: null,
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({ imported: 4, skipped_blank_rows: 1 });
    expect((await records(table.id)).map((record) => record.data)).toEqual([
      { full_name: 'Lovelace, Ada', age: 36, member: true, joined: '1833-06-05' },
      { full_name: 'Bob', age: null, member: false, joined: null },
      { full_name: '=cmd', age: 1, member: true, joined: '2020-02-29' },
      { full_name: 'Zoë', age: 0.5, member: false, joined: '2024-01-01' },
    ]);
  });

  it('imports nothing when any row is invalid and says which rows and columns', async () => {
    const table = await createTable(t, user, {
      name: 'Strict',
      fields: [
        { name: 'full_name', required: true },
        { name: 'age', type: 'number' },
        { name: 'email', type: 'email' },
      ],
    });
    const csv = 'full_name,age,email\nAda,36,ada@example.com\n,x,nope\nBob,12,\n';
    const response = await importCsv(table.id, csv);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        {
          loc: ['body', 'rows', 3, 'full_name'],
          msg: RECORD_MESSAGES.required('full_name'),
          type: 'missing',
        },
        {
          loc: ['body', 'rows', 3, 'age'],
          msg: RECORD_MESSAGES.invalidValue('age', 'number'),
          type: 'value_error',
        },
        {
          loc: ['body', 'rows', 3, 'email'],
          msg: RECORD_MESSAGES.invalidValue('email', 'email'),
          type: 'value_error',
        },
      ],
    });
    expect(await records(table.id)).toEqual([]);
  });

  it('caps the problem list and counts the rest', async () => {
    const table = await createTable(t, user, {
      name: 'Many',
      fields: [{ name: 'n', type: 'number' }],
    });
    const csv = ['n', ...Array.from({ length: 250 }, () => 'x')].join('\n');
    const response = await importCsv(table.id, csv);
    const { detail } = response.body as { detail: Array<{ loc: unknown[]; msg: string }> };
    expect(detail).toHaveLength(201);
    expect(detail.at(-1)).toEqual({
      loc: ['body', 'rows'],
      msg: '...and 50 more problems in the file.',
      type: 'too_many_errors',
    });
  });

  it.each([
    ['{not json', ['body', 'mapping'], IMPORT_MESSAGES.mappingInvalid],
    [
      { Name: 'full_name', Ghost: 'age' },
      ['body', 'mapping', 'Ghost'],
      IMPORT_MESSAGES.columnUnknown('Ghost'),
    ],
    [
      { Name: 'full_name', Other: 'nope' },
      ['body', 'mapping', 'Other'],
      IMPORT_MESSAGES.fieldUnknown('nope'),
    ],
    [
      { Name: 'full_name', Other: 'full_name' },
      ['body', 'mapping', 'Other'],
      IMPORT_MESSAGES.fieldTaken('full_name', 'Name'),
    ],
    [{ Other: 'age' }, ['body', 'mapping'], IMPORT_MESSAGES.requiredUnmapped('full_name')],
  ])('checks the mapping (%#)', async (mapping, loc, msg) => {
    const response = await importCsv(people.id, 'Name,Other\nAda,1\n', mapping);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ loc, msg, type: 'value_error' }] });
  });

  it('refuses to import into file fields and an empty mapping', async () => {
    const table = await createTable(t, user, {
      name: 'Files',
      fields: [{ name: 'name' }, { name: 'scan', type: 'file' }],
    });
    const file = await importCsv(table.id, 'a\nx\n', { a: 'scan' });
    expect(file.body).toMatchObject({
      detail: [{ msg: IMPORT_MESSAGES.fieldNotImportable('scan') }],
    });
    const none = await importCsv(table.id, 'a\nx\n', {});
    expect(none.body).toMatchObject({ detail: [{ msg: IMPORT_MESSAGES.mappingEmpty }] });
  });

  it('refuses more than 50,000 rows with 413', async () => {
    const csv = `n\n${'1\n'.repeat(50_001)}`;
    const response = await importCsv(people.id, csv);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: IMPORT_FILE_MESSAGES.tooManyRows });
  });

  it('refuses an .xlsx with more than 50,000 rows with 413 on preview and import', async () => {
    const workbook = await buildXlsx([['n'], ...Array.from({ length: 50_001 }, (_, i) => [i])]);
    const previewed = await preview(people.id, workbook, 'big.xlsx');
    expect(previewed.status).toBe(413);
    expect(previewed.body).toEqual({ detail: IMPORT_FILE_MESSAGES.tooManyRows });
    const form = new FormData();
    form.append('file', new Blob([workbook]), 'big.xlsx');
    const imported = await t.request('POST', `/api/v1/dynamic-tables/${people.id}/import`, {
      token: user.token,
      body: form,
    });
    expect(imported.status).toBe(413);
    expect(imported.body).toEqual({ detail: IMPORT_FILE_MESSAGES.tooManyRows });
  });

  it('exports records as CSV a spreadsheet opens, with linked names, files and rules', async () => {
    const companies = await createTable(t, user, { name: 'Companies' });
    const acme = await createRecord(t, user, companies.id, { name: 'Acme, Inc.' });
    const staff = await createTable(t, user, {
      name: 'Staff / 2025',
      fields: [
        { name: 'first' },
        { name: 'last' },
        { name: 'active', type: 'boolean' },
        { name: 'salary', type: 'number' },
        { name: 'employer', type: 'link', linked_table_id: companies.id },
        { name: 'cv', type: 'file' },
      ],
      combination_rules: [{ name: 'full name', source_fields: ['first', 'last'], separator: ' ' }],
    });
    const ada = await createRecord(t, user, staff.id, {
      first: 'Ada',
      last: '=HYPERLINK("x")',
      active: true,
      salary: 1200.5,
      employer: acme.id,
    });
    const body = new FormData();
    body.append('field_name', 'cv');
    body.append('file', new Blob(['hello']), 'cv.txt');
    await t.request('POST', `/files/${staff.id}/records/${ada.id}/upload`, {
      token: user.token,
      body,
    });
    await createRecord(t, user, staff.id, { first: 'Bob' });
    const response = await fetch(`${t.baseUrl}${BASE}/${staff.id}/export.csv`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Staff_2025.csv"; filename*=UTF-8''Staff_2025.csv`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      [
        'first,last,active,salary,employer,cv,full name',
        `Ada,"'=HYPERLINK(""x"")",Yes,1200.5,"Acme, Inc.",cv.txt,"Ada =HYPERLINK(""x"")"`,
        'Bob,,No,,,,Bob',
        '',
      ].join('\r\n'),
    );
  });

  it('imports an exported table back, links by name included', async () => {
    const companies = await createTable(t, user, { name: 'Firms' });
    await createRecord(t, user, companies.id, { name: 'Acme' });
    const source = await createTable(t, user, {
      name: 'Source',
      fields: [{ name: 'name' }, { name: 'firm', type: 'link', linked_table_id: companies.id }],
    });
    const [acme] = await records(companies.id);
    await createRecord(t, user, source.id, { name: '+1 555', firm: acme?.id });
    const csv = await t.request('GET', `${BASE}/${source.id}/export.csv`, { token: user.token });
    const response = await importCsv(source.id, csv.text);
    expect(response.status, response.text).toBe(201);
    const rows = await records(source.id);
    expect(rows[1]?.data).toEqual(rows[0]?.data);
    const unknown = await importCsv(source.id, 'name,firm\nX,Globex\n');
    expect(unknown.body).toEqual({
      detail: [
        {
          loc: ['body', 'rows', 2, 'firm'],
          msg: RECORD_MESSAGES.invalidValue('firm', 'link'),
          type: 'value_error',
        },
      ],
    });
  });

  it('hides import and export from another user', async () => {
    await expectNotFoundForOtherUser(t, 'POST', `${BASE}/${people.id}/import/preview`, {
      body: csvForm('full_name\nAda\n'),
    });
    await expectNotFoundForOtherUser(t, 'POST', `${BASE}/${people.id}/import`, {
      body: csvForm('full_name\nAda\n'),
    });
    await expectNotFoundForOtherUser(t, 'GET', `${BASE}/${people.id}/export.csv`);
    expect(await records(people.id)).toEqual([]);
  });

  it('requires a token for import and export', async () => {
    const id = crypto.randomUUID();
    for (const [method, url] of [
      ['POST', `${BASE}/${id}/import/preview`],
      ['POST', `${BASE}/${id}/import`],
      ['GET', `${BASE}/${id}/export.csv`],
    ] as const) {
      expect((await t.request(method, url)).status, url).toBe(401);
    }
  });
});
