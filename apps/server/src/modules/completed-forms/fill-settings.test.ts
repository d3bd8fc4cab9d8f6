import { PDFString } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedFormWithEmail } from '@formbridge/contract/completed-forms';
import type { Template } from '@formbridge/contract/templates';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { hasTool, popplerText, squash } from '../../../test/pdf-oracles.ts';
import type { JobResponse } from '@formbridge/contract/jobs';
import { buildForm } from '../../pdf/fill/fill-test-forms.ts';
import { fetchBytes, mapFields, readFormValues, readZip } from './completed-forms.test-helpers.ts';

// A template's fill settings (issue 13): stored per template, editable through the API, and
// applied by generation: read-only policy, legibility floor, signatures skipped, prefilled kept.

export function buildPolicyForm() {
  return buildForm(({ doc, form, page }) => {
    form.createTextField('name').addToPage(page, { x: 50, y: 740, width: 300, height: 24 });
    const locked = form.createTextField('locked');
    locked.setText('Form 1040');
    locked.addToPage(page, { x: 50, y: 700, width: 300, height: 24 });
    locked.enableReadOnly();
    const country = form.createTextField('country');
    country.setText('USA');
    country.addToPage(page, { x: 50, y: 660, width: 300, height: 24 });
    form.createTextField('note').addToPage(page, { x: 50, y: 620, width: 60, height: 10 });
    const signature = doc.context.register(
      doc.context.obj({
        Type: 'Annot',
        Subtype: 'Widget',
        FT: 'Sig',
        T: PDFString.of('signature'),
        Rect: [50, 500, 250, 540],
        P: page.ref,
      }),
    );
    page.node.addAnnot(signature);
    form.acroForm.addField(signature);
  });
}

describe.each(DIALECTS)('template fill settings on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let template: Template;
  let tableId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    template = await createTemplate(t, user, Buffer.from(await buildPolicyForm()), 'Policy form');
    const table = await createTable(t, user, {
      name: 'People',
      fields: [
        { name: 'name', type: 'string', required: true },
        { name: 'code', type: 'string', required: false },
        { name: 'country', type: 'string', required: false },
        { name: 'note', type: 'string', required: false },
      ],
    });
    tableId = table.id;
    await mapFields(t, user, template.id, tableId, {
      name: 'name',
      locked: 'code',
      country: 'country',
      note: 'note',
      signature: 'name',
    });
  });
  afterAll(() => t.close());

  const putSettings = (json: unknown, id = template.id, token = user.token) =>
    t.request('PUT', `/api/v1/pdf-templates/${id}/fill-settings`, { token, json });

  async function generateFor(data: Record<string, unknown>) {
    const record = await createRecord(t, user, tableId, { name: 'Ada', ...data });
    const response = await t.request(
      'POST',
      `/api/v1/completed-forms/${template.id}/${tableId}/${record.id}`,
      { token: user.token },
    );
    expect(response.status, response.text).toBe(201);
    const form = response.body as CompletedFormWithEmail;
    const values = await readFormValues((await fetchBytes(t, form.download_url)).bytes);
    const report = (field: string) => form.fill_report.fields.find((item) => item.field === field);
    return { form, values, report };
  }

  it('starts with the defaults and stores changes per template', async () => {
    expect(template.fill_settings).toEqual({
      legibility_floor: 6,
      read_only: 'fill',
      addendum: false,
      addendum_reference: 'see addendum, item {n}',
    });
    const saved = await putSettings({ legibility_floor: 4.5, read_only: 'skip' });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body as Template).fill_settings).toMatchObject({
      legibility_floor: 4.5,
      read_only: 'skip',
      addendum: false,
    });
    const read = await t.request('GET', `/api/v1/pdf-templates/${template.id}`, {
      token: user.token,
    });
    expect((read.body as Template).fill_settings.read_only).toBe('skip');
    const list = await t.request('GET', '/api/v1/pdf-templates/', { token: user.token });
    expect(
      (list.body as Template[]).find((item) => item.id === template.id)?.fill_settings,
    ).toMatchObject({ legibility_floor: 4.5 });
    await putSettings({});
  });

  it('refuses invalid settings with 422 and hides other users’ templates', async () => {
    const bad = await putSettings({ legibility_floor: 0, read_only: 'sometimes' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('legibility_floor');
    await expectNotFoundForOtherUser(
      t,
      'PUT',
      `/api/v1/pdf-templates/${template.id}/fill-settings`,
      {
        json: {},
      },
    );
  });

  it('skips a signature field with a note instead of failing the generation', async () => {
    const { form, report } = await generateFor({});
    expect(report('signature')).toMatchObject({
      value_written: null,
      skipped: true,
      problems: [],
      notes: [expect.stringContaining('signature field skipped')],
    });
    expect(form.fill_summary.requested).toBe(5);
  });

  it('fills read-only fields and reports it by default, leaves them under skip', async () => {
    const filled = await generateFor({ code: 'W-2' });
    expect(filled.values.locked).toBe('W-2');
    expect(filled.report('locked')?.problems.join(' ')).toMatch(/read-only.*written anyway/);
    await putSettings({ read_only: 'skip' });
    const left = await generateFor({ code: 'W-2' });
    expect(left.values.locked).toBe('Form 1040');
    expect(left.report('locked')).toMatchObject({ skipped: true, value_written: 'Form 1040' });
    expect(left.form.fill_summary.with_problems).toBeGreaterThan(0);
    await putSettings({});
  });

  it('keeps the template’s prefilled value for an empty cell and says so', async () => {
    const { values, report } = await generateFor({ country: '' });
    expect(values.country).toBe('USA');
    expect(report('country')?.problems).toEqual([
      'the record\'s value is empty, so the template\'s prefilled value "USA" was kept',
    ]);
  });

  it('reports shrunk text against the template’s own legibility floor', async () => {
    const note = { note: 'A note far too long for its tiny box' };
    const strict = await generateFor(note);
    expect(strict.report('note')?.problems.join(' ')).toMatch(
      /(6 pt legibility floor|does not fit)/,
    );
    await putSettings({ legibility_floor: 2 });
    const lenient = await generateFor({ note: 'Short note' });
    expect(lenient.report('note')?.problems.join(' ')).not.toMatch(/legibility floor/);
    await putSettings({});
  });

  it.skipIf(!hasTool('pdftotext'))(
    'continues long values on an addendum page in single, bulk zip and merged output',
    async () => {
      const long = 'Unit 4, 1600 Amphitheatre Parkway, Mountain View, California 94043';
      await putSettings({ addendum: true, addendum_reference: 'cont. on addendum #{n}' });
      const single = await generateFor({ note: long });
      // The box is tiny: the reference loses leading words until it is legible, never its number.
      expect(single.report('note')).toMatchObject({
        value_written: 'on addendum #1',
        addendum_item: 1,
      });
      const text = popplerText((await fetchBytes(t, single.form.download_url)).bytes);
      expect(text).toContain('on addendum #1');
      expect(squash(text)).toContain(squash(`1. note ${long}`));

      const records = [
        await createRecord(t, user, tableId, { name: 'Bo', note: `${long} (Bo)` }),
        await createRecord(t, user, tableId, { name: 'Cy', note: `${long} (Cy)` }),
      ];
      const bulk = await t.request(
        'POST',
        `/api/v1/completed-forms/bulk/${template.id}/${tableId}?wait=true`,
        { token: user.token, json: { record_ids: records.map((record) => record.id) } },
      );
      const zipUrl = (bulk.body as JobResponse).zip_download_url ?? '';
      const entries = readZip((await fetchBytes(t, zipUrl)).bytes);
      expect(entries).toHaveLength(2);
      entries.forEach((entry, index) => {
        const name = index === 0 ? 'Bo' : 'Cy';
        expect(squash(popplerText(entry.bytes))).toContain(squash(`${long} (${name})`));
      });

      const multi = await t.request(
        'POST',
        `/api/v1/completed-forms/multi-template/${tableId}/${records[0]?.id}?wait=true`,
        { token: user.token, json: { template_ids: [template.id], merge: true } },
      );
      const merged = await fetchBytes(t, (multi.body as JobResponse).merged_download_url ?? '');
      const mergedText = popplerText(merged.bytes);
      expect(mergedText).toContain('on addendum #1');
      expect(squash(mergedText)).toContain(squash(`${long} (Bo)`));
      await putSettings({});
    },
  );
});
