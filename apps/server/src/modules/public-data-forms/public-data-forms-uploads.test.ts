import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_FILES_PER_DATA_LINK,
  type PublicDataForm,
  type PublicDataUpload,
} from '@formbridge/contract/public-links';
import { createRecord, createTable } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import type { RecordFile } from '@formbridge/contract/records';
import { form, PNG, storedFiles } from '../record-files/record-files.test-helpers.ts';
import type { TableResponse } from '@formbridge/contract/tables';
import { createDataLink, readRecordData } from './public-data-forms.test-helpers.ts';

describe.each(DIALECTS)('public data form files on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let docs: TableResponse;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    docs = await createTable(t, user, {
      name: 'Docs',
      fields: [{ name: 'name' }, { name: 'scan', type: 'file' }, { name: 'photo', type: 'file' }],
    });
  });
  afterAll(() => t.close());

  const base = (token: string) => `/api/v1/public-data-forms/${token}`;
  const upload = (token: string, fields: Parameters<typeof form>[0]) =>
    t.request('POST', `${base(token)}/upload`, { body: form(fields) });
  async function uploadPng(token: string, field = 'scan', filename = 'id.png') {
    const response = await upload(token, { file: PNG, filename, field_name: field });
    expect(response.status, response.text).toBe(201);
    return response.body as PublicDataUpload;
  }
  async function ownerUpload(recordId: string) {
    const response = await t.request('POST', `/files/${docs.id}/records/${recordId}/upload`, {
      token: user.token,
      body: form({ file: PNG, filename: 'owner.png', field_name: 'scan' }),
    });
    expect(response.status, response.text).toBe(201);
    return response.body as RecordFile;
  }
  const newRecord = async (name: string) => (await createRecord(t, user, docs.id, { name })).id;

  it('attaches an upload to the link’s record and lists who may remove what', async () => {
    const recordId = await newRecord('Ada');
    const owners = await ownerUpload(recordId);
    const link = await createDataLink(t, user, docs.id, recordId);
    const file = await uploadPng(link.token, 'scan', 'passport.png');
    expect(file).toEqual({
      id: expect.any(String),
      filename: 'passport.png',
      file_size: PNG.length,
      field_name: 'scan',
      removable: true,
    });
    const data = await readRecordData(t, user, docs.id, recordId);
    expect((data.scan as RecordFile[]).map((item) => item.id)).toEqual([owners.id, file.id]);
    const shown = (await t.request('GET', base(link.token))).body as PublicDataForm;
    expect(shown.fields.find((field) => field.id === 'scan')?.uploaded_files).toEqual([
      { id: owners.id, filename: 'owner.png', file_size: PNG.length, removable: false },
      { id: file.id, filename: 'passport.png', file_size: PNG.length, removable: true },
    ]);
    const submitted = await t.request('POST', `${base(link.token)}/submit`, {
      json: { form_data: { name: 'Ada' }, files: { scan: [owners.id, file.id] } },
    });
    expect(submitted.status, submitted.text).toBe(200);
  });

  it('removes only files uploaded through this very link', async () => {
    const recordId = await newRecord('Bea');
    const owners = await ownerUpload(recordId);
    const link = await createDataLink(t, user, docs.id, recordId);
    const sibling = await createDataLink(t, user, docs.id, recordId);
    const mine = await uploadPng(link.token);
    const theirs = await uploadPng(sibling.token);
    const otherRecord = await newRecord('Cal');
    const elsewhere = await ownerUpload(otherRecord);

    for (const id of [owners.id, theirs.id, elsewhere.id, 'not-a-file']) {
      const response = await t.request('DELETE', `${base(link.token)}/files/${id}`);
      expect(response.status, id).toBe(404);
    }
    const before = (await storedFiles(t)).length;
    expect((await t.request('DELETE', `${base(link.token)}/files/${mine.id}`)).status).toBe(204);
    expect((await storedFiles(t)).length).toBe(before - 1);
    const data = await readRecordData(t, user, docs.id, recordId);
    expect((data.scan as RecordFile[]).map((item) => item.id)).toEqual([owners.id, theirs.id]);
    const other = await readRecordData(t, user, docs.id, otherRecord);
    expect((other.scan as RecordFile[]).map((item) => item.id)).toEqual([elsewhere.id]);
  });

  it('refuses file ids of other records, and keys that are not file fields, on submit', async () => {
    const recordId = await newRecord('Dan');
    const link = await createDataLink(t, user, docs.id, recordId);
    const mine = await uploadPng(link.token, 'photo');
    const elsewhere = await ownerUpload(await newRecord('Eve'));
    const response = await t.request('POST', `${base(link.token)}/submit`, {
      json: {
        form_data: {},
        files: { scan: [elsewhere.id], photo: [mine.id], name: [mine.id], other: [] },
      },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        {
          loc: ['body', 'files', 'scan'],
          msg: "Field 'scan' can only list files uploaded to it on this form.",
          type: 'value_error',
        },
        {
          loc: ['body', 'files', 'name'],
          msg: "Field 'name' is not a file field of this form.",
          type: 'extra_forbidden',
        },
        {
          loc: ['body', 'files', 'other'],
          msg: "Field 'other' is not a file field of this form.",
          type: 'extra_forbidden',
        },
      ],
    });
    const misplaced = await t.request('POST', `${base(link.token)}/submit`, {
      json: { files: { scan: [mine.id] } },
    });
    expect(misplaced.status).toBe(422);
  });

  it('checks field, type, size and count of uploads', async () => {
    const recordId = await newRecord('Fay');
    const link = await createDataLink(t, user, docs.id, recordId);
    const notFile = await upload(link.token, { file: PNG, filename: 'a.png', field_name: 'name' });
    expect(notFile.status).toBe(422);
    const missing = await upload(link.token, { file: PNG, filename: 'a.png' });
    expect(missing.status).toBe(422);
    const exe = await upload(link.token, {
      file: Buffer.from('MZ\x90\x00binary'),
      filename: 'tool.exe',
      field_name: 'scan',
    });
    expect(exe.status).toBe(415);
    const big = await upload(link.token, {
      file: Buffer.alloc(10 * 1024 * 1024 + 1, 0x41),
      filename: 'big.txt',
      field_name: 'scan',
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ detail: 'File size must be less than 10MB' });
    expect(await readRecordData(t, user, docs.id, recordId)).toMatchObject({ scan: [] });
  });

  it(`holds at most ${MAX_FILES_PER_DATA_LINK} files per link`, async () => {
    const link = await createDataLink(t, user, docs.id, await newRecord('Gus'));
    const files = [];
    for (let index = 0; index < MAX_FILES_PER_DATA_LINK; index += 1) {
      files.push(await uploadPng(link.token, 'photo', `p${index}.png`));
    }
    const refused = await upload(link.token, { file: PNG, filename: 'x.png', field_name: 'photo' });
    expect(refused.status).toBe(409);
    const [first] = files;
    expect((await t.request('DELETE', `${base(link.token)}/files/${first?.id}`)).status).toBe(204);
    await uploadPng(link.token, 'photo', 'again.png');
  });
});

describe.each(DIALECTS)('public data form rate limits on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let table: TableResponse;
  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      {},
      {
        publicRateLimit: { windowMs: 60_000, maxPerLink: 3, maxPerIp: 5 },
      },
    );
    user = await createUser(t);
    table = await createTable(t, user, { name: 'People' });
  });
  afterAll(() => t.close());

  it('limits writes per link, then per address across links', async () => {
    const record = await createRecord(t, user, table.id, { name: 'Ann' });
    const first = await createDataLink(t, user, table.id, record.id);
    const second = await createDataLink(t, user, table.id, record.id);
    const submit = (token: string) =>
      t.request('POST', `/api/v1/public-data-forms/${token}/submit`, {
        json: { form_data: { name: 'Ann' } },
      });
    for (let index = 0; index < 3; index += 1) {
      expect((await submit(first.token)).status).toBe(200);
    }
    const limited = await submit(first.token);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      detail: 'Too many submissions from this link or network. Please try again in 1 minute.',
      code: 'rate_limited',
    });
    // Reading is not limited; other links are, once the address used up its 5.
    expect((await t.request('GET', `/api/v1/public-data-forms/${first.token}`)).status).toBe(200);
    expect((await submit(second.token)).status).toBe(200);
    expect((await submit(second.token)).status).toBe(200);
    expect((await submit(second.token)).status).toBe(429);
  });
});
