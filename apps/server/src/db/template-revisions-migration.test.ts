import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateRevisionList } from '@formbridge/contract/template-revisions';
import { createTemplate } from '../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import { down, up } from './migrations/2026-11-28-h32r-01-template-revisions.ts';

// Templates uploaded before revisions existed become revision 1 of themselves: the migration is
// taken down on a database holding templates (one with the field editor's copy) and run again.
describe.each(DIALECTS)('the template revisions migration on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  it('makes each existing template revision 1, from its upload', async () => {
    const plain = await createTemplate(t, user, undefined, 'Plain');
    const edited = await createTemplate(t, user, undefined, 'Edited');
    const db = t.ctx.db as unknown as Kysely<unknown>;
    await down(db);
    // As if the field editor had written fields into a copy before the upgrade.
    await t.ctx.db
      .updateTable('pdf_templates')
      .set({ original_file_key: 'templates/upload.pdf', file_key: 'templates/copy.pdf' })
      .where('id', '=', edited.id)
      .execute();
    await up(db);
    const rows = await t.ctx.db
      .selectFrom('template_revisions')
      .select(['template_id', 'revision', 'file_key', 'field_count', 'created_by'])
      .where('template_id', 'in', [plain.id, edited.id])
      .execute();
    const byTemplate = new Map(rows.map((row) => [row.template_id, row]));
    expect(rows).toHaveLength(2);
    expect(byTemplate.get(edited.id)).toMatchObject({
      revision: 1,
      file_key: 'templates/upload.pdf',
      field_count: 3,
      created_by: null,
    });
    const templates = await t.ctx.db
      .selectFrom('pdf_templates')
      .select(['current_revision'])
      .where('id', 'in', [plain.id, edited.id])
      .execute();
    expect(templates.map((row) => Number(row.current_revision))).toEqual([1, 1]);
    const listed = await t.request('GET', `/api/v1/pdf-templates/${plain.id}/revisions`, {
      token: user.token,
    });
    expect((listed.body as TemplateRevisionList).revisions).toMatchObject([
      { revision: 1, is_current: true, created_by: null },
    ]);
  });
});
