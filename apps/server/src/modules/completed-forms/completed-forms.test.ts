import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedForm, CompletedFormDetail } from '@formbridge/contract/completed-forms';
import { createRecord } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  isStored,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { hasTool, popplerText } from '../../../test/pdf-oracles.ts';
import {
  createClient,
  fetchBytes,
  generate,
  readFormValues,
  setUpGeneration,
  type GenerationSetup,
} from './completed-forms.test-helpers.ts';

const TODAY = new Date().toISOString().slice(0, 10);

describe.each(DIALECTS)('completed forms on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let setup: GenerationSetup;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    setup = await setUpGeneration(t, user);
  });
  afterAll(() => t.close());

  it.each([
    ['Zoë', 'Ñandú', 'Zoë Ñandú'],
    ['Иван', 'Петров', 'Иван Петров'],
    ['张伟', '', '张伟'],
  ])('fills %s %s into the PDF with every kind of mapping', async (first, last, full) => {
    const record = await createClient(t, user, setup, { first_name: first, last_name: last });
    const form = await generate(t, user, setup, record.id);
    expect(form).toMatchObject({
      template_id: setup.templateId,
      template_name: 'Client sheet',
      table_id: setup.tableId,
      table_name: 'Clients',
      record_id: record.id,
      record_display_name: full,
      job_id: null,
      email_sent_to: [],
      flattened: false,
      file_name: `${full.replace(' ', '_')}_Client_sheet_${TODAY}.pdf`,
      fill_summary: { requested: 11, written: 11, with_problems: 0 },
      email: null,
    });
    expect(form.fill_report.fields).toHaveLength(11);
    const pdf = await fetchBytes(t, form.view_url);
    expect(pdf.status).toBe(200);
    expect(await readFormValues(pdf.bytes)).toEqual({
      name: first,
      full,
      employer: 'Société Générale',
      employer_link: 'Société Générale',
      age: '36',
      birth: '1815-12-10',
      birth_short: '18151210',
      agree: true,
      country: ['France'],
      today: TODAY,
      user: user.email,
    });
  });

  it('clears mapped fields whose value is empty and unticks a false checkbox', async () => {
    const record = await createClient(t, user, setup, {
      last_name: null,
      agrees: false,
      employer: null,
      birth: null,
    });
    const form = await generate(t, user, setup, record.id);
    const values = await readFormValues((await fetchBytes(t, form.view_url)).bytes);
    // An empty value clears the field (pdf-lib reads a cleared text field as '').
    expect(values).toMatchObject({
      full: 'Ada',
      employer: '',
      employer_link: '',
      birth: '',
      agree: false,
    });
  });

  it('flattens on request: no fields left, the text is page content', async () => {
    const record = await createClient(t, user, setup, { first_name: 'Flat' });
    const form = await generate(t, user, setup, record.id, '?flatten=true');
    expect(form.flattened).toBe(true);
    const { bytes } = await fetchBytes(t, form.download_url);
    expect(await readFormValues(bytes)).toEqual({});
    if (hasTool('pdftotext')) {
      expect(popplerText(bytes)).toContain('Société Générale');
    }
  });

  it('refuses a value the PDF cannot take, and keeps no form', async () => {
    const record = await createClient(t, user, setup, { country: 'Atlantis' });
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/${setup.templateId}/${setup.tableId}/${record.id}`,
      { token: user.token },
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: expect.stringMatching(/^Could not fill a field: field 'country': .*Atlantis/),
      code: 'fill_failed',
    });
    const list = await t.request('GET', `/api/v1/completed-forms/?record_id=${record.id}`, {
      token: user.token,
    });
    expect(list.body).toEqual([]);
  });

  it('answers 422 when the template has no mapping to the table, 404 for unknown ids', async () => {
    const record = await createClient(t, user, setup);
    const base = `/api/v1/completed-forms/${setup.templateId}`;
    const unmapped = await t.request('POST', `${base}/${setup.companiesId}/${setup.companyId}`, {
      token: user.token,
    });
    expect(unmapped.status).toBe(422);
    expect(unmapped.body).toMatchObject({
      detail: expect.stringContaining("No fields of this template are mapped to table 'Companies'"),
      code: 'not_mapped',
    });
    const wrongTable = await t.request('POST', `${base}/${setup.tableId}/${setup.companyId}`, {
      token: user.token,
    });
    expect(wrongTable.status).toBe(404);
    expect(wrongTable.body).toEqual({ detail: 'Record not found' });
    const noTemplate = await t.request(
      'POST',
      `/api/v1/completed-forms/${crypto.randomUUID()}/${setup.tableId}/${record.id}`,
      { token: user.token },
    );
    expect(noTemplate.body).toEqual({ detail: 'Template not found' });
  });

  it('serves the PDF inline and as a named attachment, by bearer or signed URL', async () => {
    const record = await createClient(t, user, setup, { first_name: 'Zoë', last_name: 'Ñandú' });
    const form = await generate(t, user, setup, record.id);
    const view = await fetchBytes(t, form.view_url);
    expect(view.headers.get('content-type')).toBe('application/pdf');
    expect(view.headers.get('content-disposition')).toMatch(/^inline;/);
    const download = await fetchBytes(t, form.file_path);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Zo___and__Client_sheet_${TODAY}.pdf"; ` +
        `filename*=UTF-8''${encodeURIComponent(`Zoë_Ñandú_Client_sheet_${TODAY}.pdf`)}`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(download.bytes).equals(Buffer.from(view.bytes))).toBe(true);
    const bearer = await t.request('GET', `/api/v1/completed-forms/${form.id}/download`, {
      token: user.token,
    });
    expect(bearer.status).toBe(200);
    const bare = await t.request('GET', `/api/v1/completed-forms/${form.id}/view`);
    expect(bare.status).toBe(401);
    const forged = await t.request(
      'GET',
      `/api/v1/completed-forms/${form.id}/view?expires=9999999999&signature=forged`,
    );
    expect(forged.status).toBe(401);
  });

  it('lists newest first with filters, reads one with its report, deletes it and its file', async () => {
    const first = await createClient(t, user, setup, { first_name: 'Listed' });
    const second = await createClient(t, user, setup, { first_name: 'Other' });
    const a = await generate(t, user, setup, first.id);
    const b = await generate(t, user, setup, first.id, '?flatten=1');
    const c = await generate(t, user, setup, second.id);
    const all = await t.request('GET', '/api/v1/completed-forms/', { token: user.token });
    const ids = (all.body as CompletedForm[]).map((form) => form.id);
    expect(ids.slice(0, 3)).toEqual([c.id, b.id, a.id]);
    const byRecord = await t.request('GET', `/api/v1/completed-forms/?record_id=${first.id}`, {
      token: user.token,
    });
    expect((byRecord.body as CompletedForm[]).map((form) => form.id)).toEqual([b.id, a.id]);
    const paged = await t.request(
      'GET',
      `/api/v1/completed-forms/?template_id=${setup.templateId}&limit=1&offset=1`,
      { token: user.token },
    );
    expect((paged.body as CompletedForm[]).map((form) => form.id)).toEqual([b.id]);
    expect(Number(paged.headers.get('x-total-count'))).toBeGreaterThanOrEqual(3);

    const detail = await t.request('GET', `/api/v1/completed-forms/${a.id}`, { token: user.token });
    expect(detail.body).toMatchObject({ id: a.id, record_display_name: 'Listed Lovelace' });
    expect((detail.body as CompletedFormDetail).fill_report.fields[0]).toEqual({
      field: 'name',
      value_written: 'Listed',
      font: expect.any(String),
      font_size: expect.any(Number),
      problems: [],
    });

    const stored = `completed-forms/${a.id}.pdf`;
    expect(await isStored(t, stored)).toBe(true);
    const deleted = await t.request('DELETE', `/api/v1/completed-forms/${a.id}`, {
      token: user.token,
    });
    expect(deleted.status).toBe(204);
    // In the trash: the PDF stays stored until the item is purged, but nothing serves it.
    expect(await isStored(t, stored)).toBe(true);
    expect((await fetchBytes(t, a.view_url)).status).toBe(404);
    const gone = await t.request('GET', `/api/v1/completed-forms/${a.id}`, { token: user.token });
    expect(gone.status).toBe(404);
    const purged = await t.request('DELETE', `/api/v1/trash/${a.id}`, { token: user.token });
    expect(purged.status).toBe(204);
    expect(await isStored(t, stored)).toBe(false);
  });

  it('keeps forms downloadable after their template, record and table change', async () => {
    const record = await createClient(t, user, setup, { first_name: 'Kept' });
    const form = await generate(t, user, setup, record.id);
    const removed = await t.request(
      'DELETE',
      `/api/v1/dynamic-tables/${setup.tableId}/records/${record.id}`,
      { token: user.token },
    );
    expect(removed.status).toBe(204);
    const detail = await t.request('GET', `/api/v1/completed-forms/${form.id}`, {
      token: user.token,
    });
    expect(detail.body).toMatchObject({ record_display_name: 'Kept Lovelace' });
    expect((await fetchBytes(t, form.download_url)).status).toBe(200);
  });

  it('answers 404 for another user on every completed-form endpoint', async () => {
    const record = await createClient(t, user, setup);
    const form = await generate(t, user, setup, record.id);
    const base = `/api/v1/completed-forms/${form.id}`;
    await expectNotFoundForOtherUser(t, 'GET', base);
    await expectNotFoundForOtherUser(t, 'DELETE', base);
    await expectNotFoundForOtherUser(t, 'GET', `${base}/view`);
    await expectNotFoundForOtherUser(t, 'GET', `${base}/download`);
    await expectNotFoundForOtherUser(t, 'POST', `${base}/email`, {
      json: { recipients: ['a@example.com'] },
    });
    await expectNotFoundForOtherUser(
      t,
      'POST',
      `/api/v1/completed-forms/${setup.templateId}/${setup.tableId}/${record.id}`,
    );
    const stranger = await createUser(t);
    const theirs = await t.request('GET', '/api/v1/completed-forms/', { token: stranger.token });
    expect(theirs.body).toEqual([]);
    // Still there for its owner.
    expect((await t.request('GET', base, { token: user.token })).status).toBe(200);
  });

  it('needs a signed-in user to generate and list', async () => {
    const record = await createRecord(t, user, setup.tableId, { first_name: 'Anon' });
    const post = await t.request(
      'POST',
      `/api/v1/completed-forms/${setup.templateId}/${setup.tableId}/${record.id}`,
    );
    expect(post.status).toBe(401);
    expect((await t.request('GET', '/api/v1/completed-forms/')).status).toBe(401);
  });
});
