import { expect } from 'vitest';
import { sql } from 'kysely';
import type { TableProposal } from '@formbridge/contract/table-proposal';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import { buildFlatForm } from '../../../test/flat-form.ts';
import { createUser } from '../../../test/harness.ts';
import { setUpApplication } from '../public-forms/public-forms.test-helpers.ts';
import { PNG, type AuditHarness } from './audit-completeness.test-helpers.ts';

// Audit completeness scenarios around the content: completed forms and jobs, a failing event,
// workspaces and members, the field editor and settings, the sample, e-mail and old paths.

/** Completed forms: made, deleted, and made by a job as the job. */
export async function completedFormsAreAudited(h: AuditHarness): Promise<void> {
  const { t, user, as, events, onlyEventOf } = h;
  const app = await setUpApplication(t, user);
  const made = await onlyEventOf(
    () => as('POST', `/api/v1/completed-forms/${app.templateId}/${app.tableId}/${app.recordId}`),
    201,
  );
  expect(made).toMatchObject({
    action: 'completed_form.generated',
    actor: { kind: 'user', id: user.id },
    target: { kind: 'completed_form', name: 'Application · Ada Lovelace' },
  });
  const deleted = await onlyEventOf(
    () => as('DELETE', `/api/v1/completed-forms/${made.target.id}`),
    204,
  );
  expect(deleted).toMatchObject({ action: 'completed_form.deleted', target: made.target });

  const before = new Set((await events()).map((event) => event.id));
  const started = await as(
    'POST',
    `/api/v1/completed-forms/bulk/${app.templateId}/${app.tableId}?wait=true`,
    { record_ids: [app.recordId] },
  );
  expect([200, 202], started.text).toContain(started.status);
  const body = started.body as { id?: string; job?: { id: string } };
  const jobId = body.job?.id ?? body.id ?? '';
  await expect
    .poll(async () => (await events()).filter((event) => !before.has(event.id)).length, {
      timeout: 20_000,
    })
    .toBe(2);
  const added = (await events()).filter((event) => !before.has(event.id));
  expect(added.map((event) => event.action).sort()).toEqual([
    'completed_form.generated',
    'job.started',
  ]);
  expect(added.find((event) => event.action === 'job.started')).toMatchObject({
    actor: { kind: 'user', id: user.id },
    target: { kind: 'job', id: jobId },
  });
  expect(added.find((event) => event.action === 'completed_form.generated')).toMatchObject({
    actor: { kind: 'job', id: jobId },
    source: 'bulk_job',
  });
}

/** Rolls the write back when its event cannot be written. */
export async function failedEventRollsBack(h: AuditHarness): Promise<void> {
  const { t, dialect } = h;
  const owner = await createUser(t);
  const table = await createTable(t, owner, { name: 'Kept', fields: [{ name: 'name' }] });
  if (dialect === 'sqlite') {
    await sql`CREATE TRIGGER audit_down BEFORE INSERT ON audit_events BEGIN SELECT RAISE(ABORT, 'audit down'); END`.execute(
      t.ctx.db,
    );
  } else {
    await sql`CREATE FUNCTION audit_down() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'audit down'; END $$ LANGUAGE plpgsql`.execute(
      t.ctx.db,
    );
    await sql`CREATE TRIGGER audit_down BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_down()`.execute(
      t.ctx.db,
    );
  }
  try {
    const response = await t.request('POST', `/api/v1/dynamic-tables/${table.id}/records`, {
      token: owner.token,
      json: { data: { name: 'Lost' } },
    });
    expect(response.status).toBe(500);
    const renamed = await t.request('PUT', `/api/v1/dynamic-tables/${table.id}`, {
      token: owner.token,
      json: { name: 'Renamed', fields: [{ name: 'name', previous_name: 'name' }] },
    });
    expect(renamed.status).toBe(500);
  } finally {
    await sql`DROP TRIGGER audit_down${sql.raw(dialect === 'postgres' ? ' ON audit_events' : '')}`.execute(
      t.ctx.db,
    );
  }
  const records = await t.request('GET', `/api/v1/dynamic-tables/${table.id}/records`, {
    token: owner.token,
  });
  expect(records.body).toEqual([]);
  const after = await t.request('GET', `/api/v1/dynamic-tables/${table.id}`, {
    token: owner.token,
  });
  expect(after.body).toMatchObject({ name: 'Kept', record_count: 0 });
}

/** Workspaces and their members. */
export async function workspacesAreAudited(h: AuditHarness): Promise<void> {
  const { t, user, as, events, onlyEventOf } = h;
  const colleague = await createUser(t);
  let workspaceId = '';
  const created = await onlyEventOf(
    async () => {
      const response = await as('POST', '/api/v1/workspaces', { name: 'Front desk' });
      workspaceId = (response.body as { id: string }).id;
      return response;
    },
    201,
    () => workspaceId,
  );
  expect(created).toMatchObject({ action: 'workspace.created', target: { name: 'Front desk' } });
  const inShared = () => workspaceId;
  const renamed = await onlyEventOf(
    () => as('PATCH', `/api/v1/workspaces/${workspaceId}`, { name: 'Reception' }),
    200,
    inShared,
  );
  expect(renamed.changes).toEqual([{ field: 'name', before: 'Front desk', after: 'Reception' }]);
  const members = `/api/v1/workspaces/${workspaceId}/members`;
  const added = await onlyEventOf(
    () => as('POST', members, { email: colleague.email, role: 'viewer' }),
    201,
    inShared,
  );
  expect(added).toMatchObject({
    action: 'member.added',
    target: { kind: 'member', id: colleague.id },
  });
  const invited = await onlyEventOf(
    () => as('POST', members, { email: 'newcomer@example.com', role: 'editor' }),
    202,
    inShared,
  );
  expect(invited).toMatchObject({
    action: 'invitation.sent',
    target: { kind: 'invitation', name: 'newcomer@example.com' },
    changes: expect.arrayContaining([{ field: 'role', before: null, after: 'editor' }]),
  });
  const promoted = await onlyEventOf(
    () => as('PATCH', `${members}/${colleague.id}`, { role: 'editor' }),
    200,
    inShared,
  );
  expect(promoted).toMatchObject({ action: 'member.role_changed' });
  expect(promoted.changes).toEqual([{ field: 'role', before: 'viewer', after: 'editor' }]);

  const before = new Set((await events(workspaceId)).map((event) => event.id));
  const handed = await as('POST', `/api/v1/workspaces/${workspaceId}/transfer`, {
    user_id: colleague.id,
  });
  expect(handed.status, handed.text).toBe(200);
  const transfer = (await events(workspaceId)).filter((event) => !before.has(event.id));
  expect(transfer.map((event) => [event.target.id, event.changes])).toEqual(
    expect.arrayContaining([
      [user.id, [{ field: 'role', before: 'owner', after: 'admin' }]],
      [colleague.id, [{ field: 'role', before: 'editor', after: 'owner' }]],
    ]),
  );
  expect(transfer).toHaveLength(2);
  const left = await onlyEventOf(
    () => as('DELETE', `${members}/${user.id}`),
    204,
    () => workspaceId,
    colleague,
  );
  expect(left).toMatchObject({ action: 'member.left', actor: { id: user.id } });

  let tokenId = '';
  const issued = await onlyEventOf(async () => {
    const response = await as('POST', `/api/v1/workspaces/${user.id}/tokens`, {
      name: 'Payroll sync',
      role: 'editor',
    });
    tokenId = (response.body as { id: string }).id;
    return response;
  }, 201);
  expect(issued).toMatchObject({
    action: 'api_token.created',
    target: { kind: 'api_token', id: tokenId, name: 'Payroll sync' },
  });
  expect(JSON.stringify(issued)).not.toContain('fbt_');
  const revoked = await onlyEventOf(
    () => as('DELETE', `/api/v1/workspaces/${user.id}/tokens/${tokenId}`),
    204,
  );
  expect(revoked).toMatchObject({ action: 'api_token.revoked', target: { id: tokenId } });
}

/** The field editor, fill settings, tables made from forms and rejected suggestions. */
export async function editorAndSettingsAreAudited(h: AuditHarness): Promise<void> {
  const { t, user, as, events, onlyEventOf } = h;
  const flat = await createTemplate(t, user, Buffer.from(await buildFlatForm()), 'Card');
  const drawn = await onlyEventOf(
    () =>
      as('PUT', `/api/v1/pdf-templates/${flat.id}/fields`, {
        fields: [{ page: 1, rect: [300, 500, 500, 530], type: 'text', name: 'remarks' }],
      }),
    200,
  );
  expect(drawn).toMatchObject({ action: 'template.fields_written', target: { id: flat.id } });
  expect(drawn.changes).toContainEqual({ field: 'fields', before: '', after: 'remarks' });
  const settings = await onlyEventOf(
    () => as('PUT', `/api/v1/pdf-templates/${flat.id}/fill-settings`, { read_only: 'skip' }),
    200,
  );
  expect(settings).toMatchObject({ action: 'template.fill_settings_changed' });
  expect(settings.changes.length).toBeGreaterThan(0);

  const template = await createTemplate(t, user);
  const proposal = (await as('POST', `/api/v1/pdf-templates/${template.id}/table-proposal`))
    .body as TableProposal;
  const before = new Set((await events()).map((event) => event.id));
  const made = await as('POST', `/api/v1/pdf-templates/${template.id}/create-table`, proposal);
  expect(made.status, made.text).toBe(201);
  const madeEvents = (await events()).filter((event) => !before.has(event.id));
  expect(madeEvents.map((event) => event.action).sort()).toEqual([
    'table.created',
    'template.mapped',
  ]);
  const tableId = (made.body as { table: { id: string } }).table.id;

  const second = await createTemplate(t, user);
  const fit = (
    await as('POST', `/api/v1/pdf-templates/${second.id}/table-proposal?table_id=${tableId}`)
  ).body as TableProposal;
  // One change to two things: the table's new columns and the form's new mappings.
  const beforeColumns = new Set((await events()).map((event) => event.id));
  const added = await as('POST', `/api/v1/pdf-templates/${second.id}/add-columns`, {
    table_id: tableId,
    fields: fit.table.fields,
    mappings: fit.mappings,
  });
  expect(added.status, added.text).toBe(200);
  expect(
    (await events())
      .filter((event) => !beforeColumns.has(event.id))
      .map((event) => event.action)
      .sort(),
  ).toEqual(['table.schema_changed', 'template.mapped'].slice(fit.table.fields.length ? 0 : 1));
  const field = Object.keys(second.field_data)[0]!;
  const mapping = (
    (await as('GET', `/api/v1/field-mappings/template/${second.id}`)).body as Array<{
      id: string;
      field_name: string;
    }>
  ).find((m) => m.field_name === field);
  expect(mapping).toBeDefined();
  const current = (mapping as unknown as { mapped_field_key: string }).mapped_field_key;
  const other = proposal.table.fields.map((f) => f.name).find((name) => name !== current)!;
  const changed = await onlyEventOf(
    () =>
      as('PUT', `/api/v1/field-mappings/${mapping!.id}`, {
        template_id: second.id,
        field_name: field,
        mapped_table_id: tableId,
        mapped_field_key: other,
      }),
    200,
  );
  expect(changed).toMatchObject({ action: 'mapping.updated' });
  expect(changed.changes).toContainEqual({ field: 'mapped to', before: current, after: other });
  const rejected = await onlyEventOf(
    () =>
      as('POST', `/api/v1/field-mappings/template/${second.id}/suggestions/reject`, {
        field_name: field,
        suggested_field_key: 'name',
      }),
    204,
  );
  expect(rejected).toMatchObject({ action: 'template.suggestion_rejected' });
}

/** The sample, e-mails, several templates at once, and files through the old paths. */
export async function sampleMailAndOldPathsAreAudited(h: AuditHarness): Promise<void> {
  const { t, user, as, events, onlyEventOf } = h;
  const newcomer = await createUser(t);
  const before = new Set((await events(newcomer.id, newcomer)).map((event) => event.id));
  const sample = await t.request('POST', '/api/v1/onboarding/sample', {
    token: newcomer.token,
  });
  expect(sample.status, sample.text).toBe(201);
  const sampleEvents = (await events(newcomer.id, newcomer)).filter(
    (event) => !before.has(event.id),
  );
  expect(sampleEvents.map((event) => event.action).sort()).toEqual([
    'record.created',
    'record.created',
    'record.created',
    'table.created',
    'template.mapped',
    'template.uploaded',
  ]);

  const app = await setUpApplication(t, user);
  const form = await as(
    'POST',
    `/api/v1/completed-forms/${app.templateId}/${app.tableId}/${app.recordId}`,
  );
  const formId = (form.body as { id: string }).id;
  const mailed = await onlyEventOf(
    () => as('POST', `/api/v1/completed-forms/${formId}/email`, { recipients: ['a@example.com'] }),
    200,
  );
  expect(mailed).toMatchObject({ action: 'completed_form.emailed', target: { id: formId } });
  expect(JSON.stringify(mailed.changes)).toContain('a@example.com');

  const beforeJob = new Set((await events()).map((event) => event.id));
  const multi = await as(
    'POST',
    `/api/v1/completed-forms/multi-template/${app.tableId}/${app.recordId}?wait=true`,
    { template_ids: [app.templateId] },
  );
  expect([200, 201, 202], multi.text).toContain(multi.status);
  await expect
    .poll(
      async () =>
        (await events())
          .filter((event) => !beforeJob.has(event.id))
          .map((event) => event.action)
          .sort(),
      { timeout: 20_000 },
    )
    .toEqual(['completed_form.generated', 'job.started']);

  const files = await createTable(t, user, {
    name: 'Scans',
    fields: [{ name: 'name' }, { name: 'scan', type: 'file' }],
  });
  const scanned = await createRecord(t, user, files.id, { name: 'Ivy' });
  const upload = new FormData();
  upload.append('field_name', 'scan');
  upload.append('file', new Blob([PNG], { type: 'image/png' }), 'old-path.png');
  let fileId = '';
  await onlyEventOf(async () => {
    const response = await t.request('POST', `/files/${files.id}/records/${scanned.id}/upload`, {
      token: user.token,
      body: upload,
    });
    fileId = (response.body as { id: string }).id;
    return response;
  }, 201);
  await onlyEventOf(
    () => as('DELETE', `/files/${files.id}/records/${scanned.id}/files/${fileId}`),
    204,
  );

  const link = (await as('POST', `/api/v1/public-data-links/${files.id}/${scanned.id}`, {}))
    .body as { id: string; token: string };
  const visitor = new FormData();
  visitor.append('field_name', 'scan');
  visitor.append('file', new Blob([PNG], { type: 'image/png' }), 'visitor.png');
  let visitorFile = '';
  const sent = await onlyEventOf(async () => {
    const response = await t.request('POST', `/api/v1/public-data-forms/${link.token}/upload`, {
      body: visitor,
    });
    visitorFile = (response.body as { id: string }).id;
    return response;
  }, 201);
  expect(sent).toMatchObject({
    action: 'record.file_added',
    actor: { kind: 'data_link', id: link.id },
  });
  const withdrawn = await onlyEventOf(
    () => t.request('DELETE', `/api/v1/public-data-forms/${link.token}/files/${visitorFile}`),
    204,
  );
  expect(withdrawn).toMatchObject({
    action: 'record.file_removed',
    actor: { kind: 'data_link' },
  });
}
