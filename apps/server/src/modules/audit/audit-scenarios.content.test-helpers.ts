import { expect } from 'vitest';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import { setUpApplication, sharePublicForm } from '../public-forms/public-forms.test-helpers.ts';
import { PNG, type AuditHarness } from './audit-completeness.test-helpers.ts';

// Audit completeness scenarios for a workspace's content: records, tables, templates, mappings,
// links, and visitors writing through them.

/** Records, their fields before → after, files by name and size, links by name. */
export async function recordsAreAudited(h: AuditHarness): Promise<void> {
  const { t, user, as, events, onlyEventOf, agent } = h;
  const companies = await createTable(t, user, { name: 'Companies' });
  const acme = await createRecord(t, user, companies.id, { name: 'Acme' });
  const clients = await createTable(t, user, {
    name: 'Clients',
    fields: [
      { name: 'name', required: true },
      { name: 'city' },
      { name: 'password' },
      { name: 'scan', type: 'file' },
      { name: 'employer', type: 'link', linked_table_id: companies.id },
    ],
  });
  const records = `/api/v1/dynamic-tables/${clients.id}/records`;
  let id = '';
  const created = await onlyEventOf(async () => {
    const response = await as('POST', records, {
      data: { name: 'Ada', city: 'Lyon', password: 's3cret', employer: acme.id },
    });
    id = (response.body as { id: string }).id;
    return response;
  }, 201);
  expect(created).toMatchObject({
    action: 'record.created',
    actor: { kind: 'user', id: user.id, name: user.email },
    source: 'web',
    target: { kind: 'record', id, name: 'Ada' },
    ip: '127.0.0.1',
    user_agent: agent,
  });
  expect(created.changes).toEqual([
    { field: 'name', before: null, after: 'Ada' },
    { field: 'city', before: null, after: 'Lyon' },
    { field: 'password', before: null, after: '(hidden)' },
    { field: 'employer', before: null, after: 'Acme' },
  ]);
  expect(JSON.stringify(await events())).not.toContain('s3cret');

  const put = await onlyEventOf(
    () => as('PUT', `${records}/${id}`, { data: { name: 'Ada', city: 'Paris', password: 'n3w' } }),
    200,
  );
  expect(put).toMatchObject({ action: 'record.updated', target: { name: 'Ada' } });
  expect(put.changes).toEqual([
    { field: 'city', before: 'Lyon', after: 'Paris' },
    { field: 'password', before: '(hidden)', after: '(hidden)' },
    { field: 'employer', before: 'Acme', after: null },
  ]);
  const patch = await onlyEventOf(
    () => as('PATCH', `${records}/${id}`, { data: { name: 'Ada L.' } }),
    200,
  );
  expect(patch.changes).toEqual([{ field: 'name', before: 'Ada', after: 'Ada L.' }]);
  expect(patch.target.name).toBe('Ada L.');

  const form = new FormData();
  form.append('field_name', 'scan');
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'id-card.png');
  let fileId = '';
  const added = await onlyEventOf(async () => {
    const response = await t.request('POST', `/api/v1/files/${clients.id}/records/${id}/upload`, {
      token: user.token,
      body: form,
    });
    fileId = (response.body as { id: string }).id;
    return response;
  }, 201);
  expect(added).toMatchObject({ action: 'record.file_added' });
  expect(added.changes).toEqual([
    { field: 'scan', before: null, after: `id-card.png (${PNG.length} B)` },
  ]);
  const removed = await onlyEventOf(
    () => as('DELETE', `/api/v1/files/${clients.id}/records/${id}/files/${fileId}`),
    204,
  );
  expect(removed.changes).toEqual([
    { field: 'scan', before: `id-card.png (${PNG.length} B)`, after: null },
  ]);

  const deleted = await onlyEventOf(() => as('DELETE', `${records}/${id}`), 204);
  expect(deleted).toMatchObject({ action: 'record.deleted', target: { id, name: 'Ada L.' } });
  expect(deleted.changes).toContainEqual({ field: 'city', before: 'Paris', after: null });
  // Still readable after its target is gone, and a no-op write adds nothing.
  expect(
    (await events()).some((event) => event.target.id === id && event.action === 'record.created'),
  ).toBe(true);
}

/** Tables, schema changes and imports. */
export async function tablesAreAudited(h: AuditHarness): Promise<void> {
  const { t, user, as, onlyEventOf, events } = h;
  let tableId = '';
  const created = await onlyEventOf(async () => {
    const response = await as('POST', '/api/v1/dynamic-tables/', {
      name: 'Staff',
      fields: [{ name: 'name', type: 'string', required: true }],
    });
    tableId = (response.body as { id: string }).id;
    return response;
  }, 201);
  expect(created).toMatchObject({
    action: 'table.created',
    target: { kind: 'table', id: tableId, name: 'Staff' },
  });
  expect(created.changes).toEqual([
    { field: 'name', before: null, after: 'Staff' },
    { field: 'field name', before: null, after: 'Text, required' },
  ]);
  const changed = await onlyEventOf(
    () =>
      as('PUT', `/api/v1/dynamic-tables/${tableId}`, {
        name: 'Staff',
        fields: [
          { name: 'name', type: 'string', required: true, previous_name: 'name' },
          { name: 'hired', type: 'date' },
        ],
      }),
    200,
  );
  expect(changed).toMatchObject({ action: 'table.schema_changed' });
  expect(changed.changes).toEqual([{ field: 'field hired', before: null, after: 'Date' }]);

  const csv = new FormData();
  csv.append(
    'file',
    new Blob(['name,hired\nBo,2024-01-02\nCy,2024-02-03\n'], { type: 'text/csv' }),
    'staff.csv',
  );
  // An import: the table's event, and each record's creation for its history (issue 32).
  const seen = new Set((await events()).map((event) => event.id));
  const importing = await t.request('POST', `/api/v1/dynamic-tables/${tableId}/import`, {
    token: user.token,
    body: csv,
  });
  expect(importing.status, importing.text).toBe(201);
  const importEvents = (await events()).filter((event) => !seen.has(event.id));
  expect(importEvents.map((event) => event.action).sort()).toEqual([
    'record.created',
    'record.created',
    'table.records_imported',
  ]);
  expect(new Set(importEvents.map((event) => event.source))).toEqual(new Set(['import']));
  const imported = importEvents.find((event) => event.action === 'table.records_imported')!;
  expect(imported).toMatchObject({ action: 'table.records_imported', source: 'import' });
  expect(imported.changes).toEqual([
    { field: 'file', before: null, after: 'staff.csv' },
    { field: 'records', before: '0', after: '2' },
  ]);

  const deleted = await onlyEventOf(() => as('DELETE', `/api/v1/dynamic-tables/${tableId}`), 204);
  expect(deleted).toMatchObject({ action: 'table.deleted', target: { name: 'Staff' } });
  expect(deleted.changes).toContainEqual({ field: 'field hired', before: 'Date', after: null });
}

/** Templates, mappings, public links and data links. */
export async function templatesAndLinksAreAudited(h: AuditHarness): Promise<void> {
  const { t, user, as, events, onlyEventOf } = h;
  const table = await createTable(t, user, { name: 'People', fields: [{ name: 'name' }] });
  const person = await createRecord(t, user, table.id, { name: 'Grace' });
  const before = new Set((await events()).map((event) => event.id));
  const template = await createTemplate(t, user);
  const uploaded = (await events()).filter((event) => !before.has(event.id));
  expect(uploaded.map((event) => event.action)).toEqual(['template.uploaded']);
  expect(uploaded[0]?.changes.map((change) => change.field)).toEqual(['name', 'pdf', 'fields']);

  const renameForm = new FormData();
  renameForm.append('name', 'Intake');
  const renamed = await onlyEventOf(
    () =>
      t.request('PUT', `/api/v1/pdf-templates/${template.id}`, {
        token: user.token,
        body: renameForm,
      }),
    200,
  );
  expect(renamed).toMatchObject({ action: 'template.renamed', target: { name: 'Intake' } });
  expect(renamed.changes).toEqual([{ field: 'name', before: 'Simple form', after: 'Intake' }]);

  const field = Object.keys(template.field_data)[0]!;
  let mappingId = '';
  const mapped = await onlyEventOf(async () => {
    const response = await as('POST', '/api/v1/field-mappings/', {
      template_id: template.id,
      field_name: field,
      mapped_table_id: table.id,
      mapped_field_key: 'name',
    });
    mappingId = (response.body as { id: string }).id;
    return response;
  }, 201);
  expect(mapped).toMatchObject({
    action: 'mapping.created',
    target: { kind: 'mapping', name: `Intake · ${field}` },
  });
  expect(mapped.changes).toContainEqual({ field: 'mapped to', before: null, after: 'name' });
  const unmapped = await onlyEventOf(
    () => as('DELETE', `/api/v1/field-mappings/${mappingId}`),
    204,
  );
  expect(unmapped.changes).toContainEqual({ field: 'mapped to', before: 'name', after: null });
  await as('POST', '/api/v1/field-mappings/', {
    template_id: template.id,
    field_name: field,
    mapped_table_id: table.id,
    mapped_field_key: 'name',
  });

  let formLink = '';
  const shared = await onlyEventOf(async () => {
    const response = await as(
      'POST',
      `/api/v1/completed-forms/public-link/${template.id}/${person.id}`,
    );
    formLink = (response.body as { id: string }).id;
    return response;
  }, 201);
  expect(shared).toMatchObject({
    action: 'public_link.created',
    target: { name: 'Intake · Grace' },
  });
  const revoked = await onlyEventOf(
    () => as('DELETE', `/api/v1/public-form-links/${formLink}`),
    204,
  );
  expect(revoked.changes).toEqual([{ field: 'active', before: 'Yes', after: 'No' }]);

  let dataLink = '';
  const linked = await onlyEventOf(async () => {
    const response = await as('POST', `/api/v1/public-data-links/${table.id}/${person.id}`, {
      custom_message: 'Please check',
    });
    dataLink = (response.body as { id: string }).id;
    return response;
  }, 201);
  expect(linked).toMatchObject({
    action: 'data_link.created',
    target: { name: 'People · Grace' },
  });
  const token = (
    (await as('GET', `/api/v1/public-data-links/${dataLink}`)).body as { token: string }
  ).token;
  expect(JSON.stringify(await events())).not.toContain(token);
  const paused = await onlyEventOf(
    () => as('PUT', `/api/v1/public-data-links/${dataLink}`, { is_active: false }),
    200,
  );
  expect(paused.changes).toEqual([{ field: 'active', before: 'Yes', after: 'No' }]);
  await onlyEventOf(() => as('DELETE', `/api/v1/public-data-links/${dataLink}`), 204);

  const gone = await onlyEventOf(() => as('DELETE', `/api/v1/pdf-templates/${template.id}`), 204);
  expect(gone).toMatchObject({ action: 'template.deleted', target: { name: 'Intake' } });
}

/** Visitors: a data link and a public form write as their link, from their address. */
export async function visitorsAreAudited(h: AuditHarness): Promise<void> {
  const { t, user, as, events, onlyEventOf } = h;
  const table = await createTable(t, user, {
    name: 'Guests',
    fields: [{ name: 'name' }, { name: 'phone' }],
  });
  const guest = await createRecord(t, user, table.id, { name: 'Hal' });
  const link = (await as('POST', `/api/v1/public-data-links/${table.id}/${guest.id}`, {})).body as {
    id: string;
    token: string;
  };
  const submitted = await onlyEventOf(
    () =>
      t.request('POST', `/api/v1/public-data-forms/${link.token}/submit`, {
        json: { form_data: { phone: '555-0100' } },
        headers: { 'user-agent': 'Visitor/2' },
      }),
    200,
  );
  expect(submitted).toMatchObject({
    action: 'record.updated',
    actor: { kind: 'data_link', id: link.id },
    source: 'data_link',
    target: { kind: 'record', id: guest.id, name: 'Hal' },
    user_agent: 'Visitor/2',
    changes: [{ field: 'phone', before: null, after: '555-0100' }],
  });
  expect(JSON.stringify(submitted)).not.toContain(link.token);

  const app = await setUpApplication(t, user);
  const shared = await sharePublicForm(t, user, app.templateId, app.recordId);
  const before = new Set((await events()).map((event) => event.id));
  const response = await t.request('POST', `/api/v1/public-forms/${shared.token}/submit`, {
    json: { full_name: 'Ada King', agrees: true },
  });
  expect(response.status, response.text).toBe(200);
  const added = (await events()).filter((event) => !before.has(event.id));
  const saved = added.find((event) => event.action === 'record.updated');
  expect(saved).toMatchObject({
    actor: { kind: 'public_link', id: shared.id },
    source: 'public_form',
    changes: expect.arrayContaining([
      { field: 'full_name', before: 'Ada Lovelace', after: 'Ada King' },
      { field: 'agrees', before: 'No', after: 'Yes' },
    ]),
  });
  expect(added.find((event) => event.action === 'completed_form.generated')).toMatchObject({
    actor: { kind: 'public_link', id: shared.id },
    source: 'public_form',
  });
  expect(added).toHaveLength(2);
}
