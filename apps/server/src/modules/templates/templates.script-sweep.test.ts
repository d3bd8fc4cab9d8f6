// Issue 35 leftover: templates stored before uploads removed scripts are cleaned by a one-pass
// sweep; their fields, mappings and revisions keep working, and the System says what it did.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '@formbridge/contract/templates';
import {
  createUser,
  DIALECTS,
  isStored,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import {
  createRecord,
  createTable,
  OWN_FIXTURES,
  readFixture,
  templateForm,
  uploadTemplate,
} from '../../../test/factories.ts';
import { hasTool } from '../../../test/pdf-oracles.ts';
import { HOSTILE_CASES } from '../../../test/hostile/hostile-pdfs.ts';
import {
  fetchBytes,
  mapFields,
  readFormValues,
} from '../completed-forms/completed-forms.test-helpers.ts';
import { KEPT_FIELDS_NOTE, sweepTemplateScripts } from './templates.script-sweep.ts';

const scripted = HOSTILE_CASES.find((item) => item.name === 'JavaScript on open and on a field')!;
const SCRIPTS = /JavaScript|OpenAction|\/AA\b/;
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** Every object as plain text (qpdf: streams inflated, object streams undone), to look for scripts. */
function expandedText(bytes: Uint8Array): string {
  if (!hasTool('qpdf')) {
    return latin1(bytes);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'script-sweep-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), bytes);
    const args = ['--qdf', '--object-streams=disable', 'in.pdf', 'out.pdf'];
    const output = spawnSync('qpdf', args, { cwd: dir, encoding: 'utf8' });
    expect([0, 3], output.stderr).toContain(output.status);
    return latin1(readFileSync(path.join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(DIALECTS)('the script sweep on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
    // The start-up pass has nothing to do yet; later passes are the test's own.
    await sweepTemplateScripts(t.ctx);
  });
  afterAll(() => t.close());

  /** A template as it was stored before the repair: `bytes` as they were, never checked. */
  async function storeTheOldWay(name: string, bytes: Uint8Array): Promise<Template> {
    const response = await uploadTemplate(t, user, { name, file: bytes });
    expect(response.status, response.text).toBe(201);
    const template = response.body as Template;
    const row = await t.ctx.db
      .selectFrom('pdf_templates')
      .selectAll()
      .where('id', '=', template.id)
      .executeTakeFirstOrThrow();
    await t.ctx.storage.put(row.file_key, bytes);
    await t.ctx.db
      .updateTable('pdf_templates')
      .set({ scripts_checked_at: null, detection_notes: null })
      .where('id', '=', template.id)
      .execute();
    return template;
  }

  const rowOf = (id: string) =>
    t.ctx.db.selectFrom('pdf_templates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('removes the scripts of an old template, keeping its fields and mappings', async () => {
    const hostile = new Uint8Array(await scripted.build());
    const template = await storeTheOldWay('Old scripted', hostile);
    const before = await rowOf(template.id);
    expect(expandedText(await t.ctx.storage.read(before.file_key))).toMatch(SCRIPTS);
    const table = await createTable(t, user, { name: `People ${dialect}` });
    await mapFields(t, user, template.id, table.id, { name: 'name' });
    const record = await createRecord(t, user, table.id, { name: 'Ada' });

    expect(await sweepTemplateScripts(t.ctx)).toEqual({ checked: 1, cleaned: 1 });

    const after = await rowOf(template.id);
    expect(after.scripts_checked_at).not.toBeNull();
    expect(after.file_key).not.toBe(before.file_key);
    expect(await isStored(t, before.file_key)).toBe(false);
    const stored = await t.ctx.storage.read(after.file_key);
    expect(expandedText(stored)).not.toMatch(SCRIPTS);
    expect(Number(after.file_size)).toBe(stored.length);
    expect(after.field_data).toBe(before.field_data);
    expect(JSON.parse(after.detection_notes ?? '[]')).toEqual([
      'removed 2 JavaScript action(s): scripts in a form never run in the forms made from it',
    ]);
    const revision = await t.ctx.db
      .selectFrom('template_revisions')
      .selectAll()
      .where('template_id', '=', template.id)
      .executeTakeFirstOrThrow();
    expect(revision.file_key).toBe(after.file_key);

    const events = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', template.id)
      .where('action', '=', 'template.scripts_removed')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_kind: 'system', actor_name: 'System' });
    expect(events[0]?.source).toBe('system_sweep');

    const generated = await t.request(
      'POST',
      `/api/v1/completed-forms/${template.id}/${table.id}/${record.id}`,
      { token: user.token },
    );
    expect(generated.status, generated.text).toBe(201);
    const pdf = await fetchBytes(t, (generated.body as { view_url: string }).view_url);
    expect(pdf.status).toBe(200);
    expect(await readFormValues(pdf.bytes)).toEqual({ name: 'Ada' });
    expect(expandedText(pdf.bytes)).not.toMatch(SCRIPTS);

    // The pass is done: a second one finds nothing and changes nothing.
    expect(await sweepTemplateScripts(t.ctx)).toEqual({ checked: 0, cleaned: 0 });
    expect((await rowOf(template.id)).file_key).toBe(after.file_key);
  });

  it('cleans every revision of an old template, not only the current one', async () => {
    const hostile = new Uint8Array(await scripted.build());
    const template = await storeTheOldWay('Old with revisions', hostile);
    const second = await t.request('POST', `/api/v1/pdf-templates/${template.id}/revisions`, {
      token: user.token,
      body: templateForm({ file: hostile }),
    });
    expect(second.status, second.text).toBe(201);
    const revisionKeys = async () =>
      (
        await t.ctx.db
          .selectFrom('template_revisions')
          .select(['revision', 'file_key'])
          .where('template_id', '=', template.id)
          .orderBy('revision')
          .execute()
      ).map((row) => row.file_key);
    const oldKeys = await revisionKeys();
    expect(oldKeys).toHaveLength(2);
    for (const key of oldKeys) {
      await t.ctx.storage.put(key, hostile);
    }
    await t.ctx.db
      .updateTable('pdf_templates')
      .set({ scripts_checked_at: null })
      .where('id', '=', template.id)
      .execute();

    expect(await sweepTemplateScripts(t.ctx)).toEqual({ checked: 1, cleaned: 1 });
    const newKeys = await revisionKeys();
    expect((await rowOf(template.id)).file_key).toBe(newKeys[1]);
    for (const [index, key] of newKeys.entries()) {
      expect(key).not.toBe(oldKeys[index]);
      expect(await isStored(t, oldKeys[index]!)).toBe(false);
      expect(expandedText(await t.ctx.storage.read(key))).not.toMatch(SCRIPTS);
    }
  });

  it('keeps a file whose repair would change its fields, and says so', async () => {
    const hostile = new Uint8Array(await scripted.build());
    const template = await storeTheOldWay('Old renamed', hostile);
    // As if the repair named the fields otherwise than the stored detection did.
    await t.ctx.db
      .updateTable('pdf_templates')
      .set({ field_data: JSON.stringify({ other: { type: 'text' } }) })
      .where('id', '=', template.id)
      .execute();
    const before = await rowOf(template.id);
    expect(await sweepTemplateScripts(t.ctx)).toEqual({ checked: 1, cleaned: 0 });
    const after = await rowOf(template.id);
    expect(after.file_key).toBe(before.file_key);
    expect(after.scripts_checked_at).not.toBeNull();
    expect(JSON.parse(after.detection_notes ?? '[]')).toEqual([KEPT_FIELDS_NOTE]);
    expect(expandedText(await t.ctx.storage.read(after.file_key))).toMatch(SCRIPTS);
  });

  it('only marks an old template without scripts', async () => {
    const plain = new Uint8Array(readFixture(OWN_FIXTURES, 'simple-form.pdf'));
    const template = await storeTheOldWay('Old plain', plain);
    const before = await rowOf(template.id);
    expect(await sweepTemplateScripts(t.ctx)).toEqual({ checked: 1, cleaned: 0 });
    const after = await rowOf(template.id);
    expect(after.scripts_checked_at).not.toBeNull();
    expect(after.file_key).toBe(before.file_key);
    expect(after.detection_notes).toBeNull();
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select('id')
      .where('target_id', '=', template.id)
      .where('action', '=', 'template.scripts_removed')
      .execute();
    expect(events).toHaveLength(0);
  });

  it('leaves new uploads alone: they are checked when stored', async () => {
    const response = await uploadTemplate(t, user, {
      name: 'New',
      file: new Uint8Array(await scripted.build()),
    });
    expect(response.status).toBe(201);
    const row = await rowOf((response.body as Template).id);
    expect(row.scripts_checked_at).not.toBeNull();
    expect(await sweepTemplateScripts(t.ctx)).toEqual({ checked: 0, cleaned: 0 });
  });
});
