import fs from 'node:fs';
import { PDFDocument, PDFRadioGroup } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedFormWithEmail } from '@formbridge/contract/completed-forms';
import type { Onboarding, SampleResponse } from '@formbridge/contract/onboarding';
import type { RecordResponse } from '@formbridge/contract/records';
import type { Template } from '@formbridge/contract/templates';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { fetchBytes, readFormValues } from '../completed-forms/completed-forms.test-helpers.ts';
import { SAMPLE_FILE, SAMPLE_PROPOSAL } from './onboarding.sample-data.ts';

describe.each(DIALECTS)('the guided start on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const getOnboarding = async (user: TestUser) => {
    const response = await t.request('GET', '/api/v1/onboarding/', { token: user.token });
    expect(response.status, response.text).toBe(200);
    return response.body as Onboarding;
  };
  const makeSample = (user: TestUser) =>
    t.request('POST', '/api/v1/onboarding/sample', { token: user.token });
  const doneSteps = (onboarding: Onboarding) =>
    onboarding.steps.filter((step) => step.done).map((step) => step.key);

  it('makes a mapped sample with three records once, and the checklist follows real data', async () => {
    const user = await createUser(t);
    const fresh = await getOnboarding(user);
    expect(fresh).toEqual({
      steps: [
        { key: 'upload', done: false },
        { key: 'table', done: false },
        { key: 'map', done: false },
        { key: 'generate', done: false },
      ],
      complete: false,
      dismissed: false,
      sample: null,
    });

    const first = await makeSample(user);
    expect(first.status, first.text).toBe(201);
    const sample = first.body as SampleResponse;
    expect(sample.created).toBe(true);
    expect(sample.template.field_count).toBe(31);
    expect(sample.table.record_count).toBe(3);
    expect(sample.records_created).toBe(3);
    expect(sample.mappings_created).toBe(SAMPLE_PROPOSAL.mappings.length);

    // A second click (or a reload) makes nothing new.
    const again = await makeSample(user);
    expect(again.status, again.text).toBe(200);
    const repeat = again.body as SampleResponse;
    expect([repeat.created, repeat.template.id, repeat.table.id]).toEqual([
      false,
      sample.template.id,
      sample.table.id,
    ]);
    const templates = await t.request('GET', '/api/v1/pdf-templates/', { token: user.token });
    expect((templates.body as unknown[]).length).toBe(1);

    const progress = await getOnboarding(user);
    expect(doneSteps(progress)).toEqual(['upload', 'table', 'map']);
    expect(progress.sample).toEqual({ template_id: sample.template.id, table_id: sample.table.id });

    // The first record fills the form: names, a US date and a radio choice.
    const records = await t.request('GET', `/api/v1/dynamic-tables/${sample.table.id}/records`, {
      token: user.token,
    });
    const [maria] = records.body as RecordResponse[];
    expect(maria?.computed?.display_name).toBe('Maria Lopez');
    const generated = await t.request(
      'POST',
      `/api/v1/completed-forms/${sample.template.id}/${sample.table.id}/${maria?.id}`,
      { token: user.token },
    );
    expect(generated.status, generated.text).toBe(201);
    const form = generated.body as CompletedFormWithEmail;
    const pdf = await fetchBytes(t, form.file_path);
    const values = await readFormValues(pdf.bytes);
    expect(values['301 Full name']).toBe('Maria Lopez');
    expect(values['301 Date of Injury or Illness']).toBe('03/14/2026');
    expect(values['301 Address City']).toBe('Oakland');
    const gender = (await PDFDocument.load(pdf.bytes)).getForm().getField('301 Gender');
    expect(gender instanceof PDFRadioGroup ? gender.getSelected() : null).toBe('Female');

    const finished = await getOnboarding(user);
    expect(finished.complete).toBe(true);
  });

  it('dismisses the checklist per account', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const response = await t.request('PATCH', '/api/v1/onboarding/', {
      token: user.token,
      json: { dismissed: true },
    });
    expect(response.status, response.text).toBe(200);
    expect((response.body as Onboarding).dismissed).toBe(true);
    expect((await getOnboarding(user)).dismissed).toBe(true);
    expect((await getOnboarding(other)).dismissed).toBe(false);

    const bad = await t.request('PATCH', '/api/v1/onboarding/', {
      token: user.token,
      json: { dismissed: 'yes' },
    });
    expect(bad.status).toBe(422);
    const anonymous = await t.request('GET', '/api/v1/onboarding/');
    expect(anonymous.status).toBe(401);
  });

  it('two clicks at once make one sample; a deleted sample can be made again', async () => {
    const user = await createUser(t);
    const answers = await Promise.all([makeSample(user), makeSample(user)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    const [a, b] = answers.map((answer) => answer.body as SampleResponse);
    expect(a?.template.id).toBe(b?.template.id);
    const tables = await t.request('GET', '/api/v1/dynamic-tables/', { token: user.token });
    expect((tables.body as unknown[]).length).toBe(1);

    await t.request('DELETE', `/api/v1/pdf-templates/${a?.template.id}`, { token: user.token });
    expect((await getOnboarding(user)).sample).toBeNull();
    const remade = await makeSample(user);
    expect(remade.status, remade.text).toBe(201);
    expect((remade.body as SampleResponse).template.id).not.toBe(a?.template.id);
  });

  it('maps only fields the shipped PDF has', async () => {
    const user = await createUser(t);
    const made = (await makeSample(user)).body as SampleResponse;
    const template = await t.request('GET', `/api/v1/pdf-templates/${made.template.id}`, {
      token: user.token,
    });
    const fields = Object.keys((template.body as Template).field_data);
    for (const mapping of SAMPLE_PROPOSAL.mappings) {
      expect(fields).toContain(mapping.field_name);
    }
    expect(fs.statSync(SAMPLE_FILE).size).toBe(635_298);
  });
});
