// Issue 35 leftover: completed forms made before fills removed scripts carry them; a one-pass
// sweep replaces their files (live and in the trash) with copies without scripts, values kept,
// resumes where it stopped, and the System says what it did.
import { PDFDocument, type PDFTextField } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedFormWithEmail } from '@formbridge/contract/completed-forms';
import type { Template } from '@formbridge/contract/templates';
import {
  createUser,
  DIALECTS,
  isStored,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { createRecord, createTable, uploadTemplate } from '../../../test/factories.ts';
import { HOSTILE_CASES } from '../../../test/hostile/hostile-pdfs.ts';
import { sweepFormScripts } from './completed-forms.script-sweep.ts';
import { mapFields, readFormValues } from './completed-forms.test-helpers.ts';

const scripted = HOSTILE_CASES.find((item) => item.name === 'JavaScript on open and on a field')!;
const SCRIPTS = /JavaScript|OpenAction|\/AA\b/;
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** A form as fills made them before: the template's scripts kept, `name` written. */
async function oldFormBytes(name: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await scripted.build());
  (doc.getForm().getField('name') as PDFTextField).setText(name);
  return doc.save({ useObjectStreams: false });
}

describe.each(DIALECTS)('the form script sweep on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let path: (recordId: string) => string;
  let tableId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    await sweepFormScripts(t.ctx); // the start-up pass has nothing to do; later ones are ours
    const upload = await uploadTemplate(t, user, {
      name: 'Scripted',
      file: new Uint8Array(await scripted.build()),
    });
    expect(upload.status, upload.text).toBe(201);
    const template = upload.body as Template;
    const table = await createTable(t, user, { name: `People ${dialect}` });
    tableId = table.id;
    await mapFields(t, user, template.id, table.id, { name: 'name' });
    path = (recordId) => `/api/v1/completed-forms/${template.id}/${table.id}/${recordId}`;
  });
  afterAll(() => t.close());

  const rowOf = (id: string) =>
    t.ctx.db.selectFrom('completed_forms').selectAll().where('id', '=', id).executeTakeFirst();

  /** A form generated now, then made to look like one made before fills removed scripts. */
  async function oldForm(name: string): Promise<CompletedFormWithEmail> {
    const record = await createRecord(t, user, tableId, { name });
    const response = await t.request('POST', path(record.id), { token: user.token });
    expect(response.status, response.text).toBe(201);
    const form = response.body as CompletedFormWithEmail;
    const row = (await rowOf(form.id))!;
    expect(row.scripts_checked_at).not.toBeNull(); // new forms are checked when made
    await t.ctx.storage.put(row.file_key, await oldFormBytes(name));
    await t.ctx.db
      .updateTable('completed_forms')
      .set({ scripts_checked_at: null })
      .where('id', '=', form.id)
      .execute();
    return form;
  }

  async function download(id: string): Promise<Uint8Array> {
    const response = await fetch(`${t.baseUrl}/api/v1/completed-forms/${id}/download`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  }

  it('replaces an old form file with one without scripts, its values kept', async () => {
    const form = await oldForm('Ada');
    const before = (await rowOf(form.id))!;
    expect(latin1(await download(form.id))).toMatch(SCRIPTS);

    expect(await sweepFormScripts(t.ctx)).toEqual({ checked: 1, cleaned: 1 });

    const after = (await rowOf(form.id))!;
    expect(after.scripts_checked_at).not.toBeNull();
    expect(after.file_key).not.toBe(before.file_key);
    expect(await isStored(t, before.file_key)).toBe(false);
    const bytes = await download(form.id);
    expect(latin1(bytes)).not.toMatch(SCRIPTS);
    expect(Number(after.file_size)).toBe(bytes.length);
    expect(await readFormValues(bytes)).toEqual({ name: 'Ada' });
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', form.id)
      .where('action', '=', 'completed_form.scripts_removed')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_kind: 'system', actor_name: 'System' });

    // Done: a second pass finds nothing and changes nothing.
    expect(await sweepFormScripts(t.ctx)).toEqual({ checked: 0, cleaned: 0 });
    expect((await rowOf(form.id))!.file_key).toBe(after.file_key);
  });

  it('stops between forms and resumes where it stopped', async () => {
    const first = await oldForm('Grace');
    const second = await oldForm('Hedy');
    let checks = 0;
    const stopAfterOne = { isStopping: () => checks++ > 0 };
    expect(await sweepFormScripts(t.ctx, stopAfterOne)).toEqual({ checked: 1, cleaned: 1 });
    const marks = await Promise.all([first.id, second.id].map(async (id) => rowOf(id)));
    expect(marks.filter((row) => row!.scripts_checked_at === null)).toHaveLength(1);

    expect(await sweepFormScripts(t.ctx)).toEqual({ checked: 1, cleaned: 1 });
    for (const [form, name] of [
      [first, 'Grace'],
      [second, 'Hedy'],
    ] as const) {
      const bytes = await download(form.id);
      expect(latin1(bytes)).not.toMatch(SCRIPTS);
      expect(await readFormValues(bytes)).toEqual({ name });
    }
  });

  it('only marks an old form without scripts', async () => {
    const record = await createRecord(t, user, tableId, { name: 'Plain' });
    const response = await t.request('POST', path(record.id), { token: user.token });
    const form = response.body as CompletedFormWithEmail;
    await t.ctx.db
      .updateTable('completed_forms')
      .set({ scripts_checked_at: null })
      .where('id', '=', form.id)
      .execute();
    const before = (await rowOf(form.id))!;
    expect(await sweepFormScripts(t.ctx)).toEqual({ checked: 1, cleaned: 0 });
    const after = (await rowOf(form.id))!;
    expect(after.file_key).toBe(before.file_key);
    expect(after.scripts_checked_at).not.toBeNull();
  });

  it('cleans a form in the trash, which a restore brings back without scripts', async () => {
    const form = await oldForm('Katherine');
    const oldKey = (await rowOf(form.id))!.file_key;
    const removed = await t.request('DELETE', `/api/v1/completed-forms/${form.id}`, {
      token: user.token,
    });
    expect(removed.status, removed.text).toBe(204);

    expect(await sweepFormScripts(t.ctx)).toEqual({ checked: 1, cleaned: 1 });
    const kept = await t.ctx.db
      .selectFrom('trash_files')
      .select('file_key')
      .where('trash_id', '=', form.id)
      .execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.file_key).not.toBe(oldKey);
    expect(await isStored(t, oldKey)).toBe(false);
    expect(await sweepFormScripts(t.ctx)).toEqual({ checked: 0, cleaned: 0 });

    const restored = await t.request('POST', `/api/v1/trash/${form.id}/restore`, {
      token: user.token,
    });
    expect(restored.status, restored.text).toBe(200);
    const row = (await rowOf(form.id))!;
    expect(row.file_key).toBe(kept[0]!.file_key);
    expect(row.scripts_checked_at).not.toBeNull();
    const bytes = await download(form.id);
    expect(latin1(bytes)).not.toMatch(SCRIPTS);
    expect(await readFormValues(bytes)).toEqual({ name: 'Katherine' });
  });
});
