import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import type { RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';

const BASE = '/api/v1/dynamic-tables';
const GERMAN = 'Name;Geboren;Betrag\r\nAda;01.02.2020;3172,43\r\nGrace;15.03.2021;1.234,5\r\n';
const AMERICAN = 'Name,Born,Amount\r\nAda,2/1/2020,"3,172.43"\r\nGrace,3/15/2021,7\r\n';

function form(content: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  body.append('file', new Blob([content], { type: 'text/csv' }), 'sheet.csv');
  const [header = ''] = content.split('\r\n');
  const [name, born, amount] = header.split(/[;,]/);
  body.append(
    'mapping',
    JSON.stringify({ [name ?? '']: 'name', [born ?? '']: 'born', [amount ?? '']: 'amount' }),
  );
  for (const [key, value] of Object.entries(fields)) {
    body.append(key, value);
  }
  return body;
}

describe.each(DIALECTS)('import date order and decimal separator on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  const newTable = () =>
    createTable(t, user, {
      name: 'Payments',
      fields: [
        { name: 'name', required: true },
        { name: 'born', type: 'date' },
        { name: 'amount', type: 'number' },
      ],
    });
  const records = async (table: TableResponse) =>
    (
      (await t.request('GET', `${BASE}/${table.id}/records`, { token: user.token }))
        .body as RecordResponse[]
    ).map((record) => record.data);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  it('detects a German sheet in the preview and imports it as detected', async () => {
    const table = await newTable();
    const preview = await t.request('POST', `${BASE}/${table.id}/import/preview`, {
      token: user.token,
      body: form(GERMAN),
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({
      detected_format: { date_order: 'DMY', decimal_separator: ',' },
    });
    const imported = await t.request('POST', `${BASE}/${table.id}/import`, {
      token: user.token,
      body: form(GERMAN),
    });
    expect(imported.status, imported.text).toBe(201);
    expect(await records(table)).toEqual([
      { name: 'Ada', born: '2020-02-01', amount: 3172.43 },
      { name: 'Grace', born: '2021-03-15', amount: 1234.5 },
    ]);
  });

  it('imports a US sheet month-first when the user says so', async () => {
    const table = await newTable();
    const imported = await t.request('POST', `${BASE}/${table.id}/import`, {
      token: user.token,
      body: form(AMERICAN, { date_order: 'MDY', decimal_separator: '.' }),
    });
    expect(imported.status, imported.text).toBe(201);
    expect(await records(table)).toEqual([
      { name: 'Ada', born: '2020-02-01', amount: 3172.43 },
      { name: 'Grace', born: '2021-03-15', amount: 7 },
    ]);
  });

  it('imports nothing when a row does not fit the chosen format, and says which and why', async () => {
    const table = await newTable();
    const imported = await t.request('POST', `${BASE}/${table.id}/import`, {
      token: user.token,
      body: form(GERMAN, { date_order: 'MDY', decimal_separator: ',' }),
    });
    expect(imported.status).toBe(422);
    expect(imported.body).toEqual({
      detail: [
        {
          loc: ['body', 'rows', 3, 'Geboren'],
          msg: "Field 'born': '15.03.2021' is not a date written month/day/year, like 01/31/2020.",
          type: 'value_error',
        },
      ],
    });
    expect(await records(table)).toEqual([]);
  });

  it('refuses an unknown date order or separator', async () => {
    const table = await newTable();
    const imported = await t.request('POST', `${BASE}/${table.id}/import`, {
      token: user.token,
      body: form(GERMAN, { date_order: 'DDMMYY', decimal_separator: ';' }),
    });
    expect(imported.status).toBe(422);
    expect(JSON.stringify(imported.body)).toContain("date_order must be 'YMD', 'DMY' or 'MDY'");
    expect(JSON.stringify(imported.body)).toContain("decimal_separator must be '.' or ','");
  });
});
