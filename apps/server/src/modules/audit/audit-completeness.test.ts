import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/harness.ts';
import {
  startAuditHarness,
  WRITES_AUDITED_ELSEWHERE,
  type AuditHarness,
} from './audit-completeness.test-helpers.ts';
import {
  recordsAreAudited,
  tablesAreAudited,
  templatesAndLinksAreAudited,
  visitorsAreAudited,
} from './audit-scenarios.content.test-helpers.ts';
import {
  completedFormsAreAudited,
  failedEventRollsBack,
  workspacesAreAudited,
  editorAndSettingsAreAudited,
  sampleMailAndOldPathsAreAudited,
} from './audit-scenarios.workspace.test-helpers.ts';
import { webhooksAreAudited } from './audit-scenarios.webhooks.test-helpers.ts';

// Every write leaves exactly one event in its workspace's log, with who, what and each field's
// before → after; a write whose event cannot be written does not happen at all; and every write
// route is driven here (or excused in WRITES_WITHOUT_EVENTS), so a new one cannot slip past.
describe.each(DIALECTS)('audit completeness on %s', (dialect) => {
  let started: Awaited<ReturnType<typeof startAuditHarness>>;
  const h = (): AuditHarness => started.harness;
  beforeAll(async () => {
    started = await startAuditHarness(dialect);
  });
  afterAll(() => started.close());

  it('records, their fields before → after, files by name and size, links by name', () =>
    recordsAreAudited(h()));
  it('tables, schema changes and imports', () => tablesAreAudited(h()));
  it('templates, mappings, public links and data links', () => templatesAndLinksAreAudited(h()));
  it('visitors: a data link and a public form write as their link, from their address', () =>
    visitorsAreAudited(h()));
  it('completed forms: made, deleted, and made by a job as the job', () =>
    completedFormsAreAudited(h()));
  it('rolls the write back when its event cannot be written', () => failedEventRollsBack(h()));
  it('workspaces and their members', () => workspacesAreAudited(h()));
  it('the field editor, fill settings, tables made from forms and rejected suggestions', () =>
    editorAndSettingsAreAudited(h()));
  it('the sample, e-mails, several templates at once, and files through the old paths', () =>
    sampleMailAndOldPathsAreAudited(h()));

  it('webhook endpoints, their changes and redeliveries, never their secret', () =>
    webhooksAreAudited(h()));

  it('has driven every write route above, or says why it keeps no event', () => {
    expect(started.unexercised()).toEqual([]);
    for (const [route, file] of Object.entries(WRITES_AUDITED_ELSEWHERE)) {
      const text = fs.readFileSync(path.join(import.meta.dirname, '../..', file), 'utf8');
      expect(text, `${route}: ${file} reads no audit log`).toMatch(/\/audit\b/);
    }
  });
});
