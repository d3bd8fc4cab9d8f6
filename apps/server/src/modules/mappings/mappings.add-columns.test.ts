import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@formbridge/contract/audit';
import type { FieldMapping } from '@formbridge/contract/mappings';
import type { AddColumnsResponse, TableProposal } from '@formbridge/contract/table-proposal';
import type { Table } from '@formbridge/contract/tables';
import { createRecord, createTable, createTemplate } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';

// "Add missing columns": the default test template (full name, email, agree) against a table
// that already has a name column and a record.
describe.each(DIALECTS)('missing columns added to a table from a form on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const setUp = async () => {
    const template = await createTemplate(t, user, undefined, 'Membership form');
    const table = await createTable(t, user, {
      name: 'Members',
      fields: [{ name: 'Full_Name', type: 'string', required: true }],
    });
    const record = await createRecord(t, user, table.id, { Full_Name: 'Ada Lovelace' });
    return { template, table, record };
  };

  it('proposes only what the table lacks, then adds it and maps every field', async () => {
    const { template, table, record } = await setUp();
    const proposed = await t.request(
      'POST',
      `/api/v1/pdf-templates/${template.id}/table-proposal?table_id=${table.id}`,
      { token: user.token },
    );
    expect(proposed.status, proposed.text).toBe(200);
    const proposal = proposed.body as TableProposal;
    expect(proposal.table.name).toBe('Members');
    expect(proposal.table.fields.map((field) => field.name)).toEqual(['email', 'agree']);
    expect(proposal.mappings).toEqual([
      { field_name: 'applicant.full_name', mapped_field_key: 'Full_Name' },
      { field_name: 'applicant.email', mapped_field_key: 'email' },
      { field_name: 'agree', mapped_field_key: 'agree' },
    ]);

    const added = await t.request('POST', `/api/v1/pdf-templates/${template.id}/add-columns`, {
      token: user.token,
      json: { table_id: table.id, fields: proposal.table.fields, mappings: proposal.mappings },
    });
    expect(added.status, added.text).toBe(200);
    const result = added.body as AddColumnsResponse;
    expect(result).toMatchObject({ columns_added: 2, mappings_created: 3 });
    expect(result.table.fields.map((field) => [field.name, field.type])).toEqual([
      ['Full_Name', 'string'],
      ['email', 'email'],
      ['agree', 'boolean'],
    ]);
    // The record keeps its value; the new columns start empty.
    const stored = await t.request(
      'GET',
      `/api/v1/dynamic-tables/${table.id}/records/${record.id}`,
      {
        token: user.token,
      },
    );
    expect((stored.body as { data: Record<string, unknown> }).data).toMatchObject({
      Full_Name: 'Ada Lovelace',
    });
    const mappings = await t.request('GET', `/api/v1/field-mappings/template/${template.id}`, {
      token: user.token,
    });
    expect(
      (mappings.body as FieldMapping[])
        .map((row) => [row.field_name, row.mapped_table_id, row.mapped_field_key])
        .sort(),
    ).toEqual([
      ['agree', table.id, 'agree'],
      ['applicant.email', table.id, 'email'],
      ['applicant.full_name', table.id, 'Full_Name'],
    ]);
    // In the workspace's log: the schema change column by column, and the mappings made.
    const audit = await t.request('GET', `/api/v1/workspaces/${user.id}/audit`, {
      token: user.token,
    });
    const events = (audit.body as AuditPage).events;
    const schema = events.find((event) => event.action === 'table.schema_changed');
    expect(schema?.target).toMatchObject({ kind: 'table', id: table.id, name: 'Members' });
    expect(schema?.changes.length).toBeGreaterThanOrEqual(2);
    const mapped = events.find((event) => event.action === 'template.mapped');
    expect(mapped?.changes.map((change) => [change.field, change.after]).sort()).toEqual([
      ['agree', 'Members.agree'],
      ['applicant.email', 'Members.email'],
      ['applicant.full_name', 'Members.Full_Name'],
    ]);
    // Everything is mapped now: nothing left to add.
    const again = await t.request(
      'POST',
      `/api/v1/pdf-templates/${template.id}/table-proposal?table_id=${table.id}`,
      { token: user.token },
    );
    expect((again.body as TableProposal).table.fields).toEqual([]);
  });

  it('refuses a column the table already has by name, changing nothing', async () => {
    const { template, table } = await setUp();
    const refused = await t.request('POST', `/api/v1/pdf-templates/${template.id}/add-columns`, {
      token: user.token,
      json: {
        table_id: table.id,
        fields: [
          { name: 'email', label: 'Email', type: 'email' },
          { name: 'full_name', label: 'Name', type: 'string' },
        ],
        mappings: [{ field_name: 'applicant.email', mapped_field_key: 'email' }],
      },
    });
    expect(refused.status, refused.text).toBe(422);
    const detail = (refused.body as { detail: Array<{ loc: unknown[] }> }).detail;
    expect(detail[0]?.loc.slice(0, 3)).toEqual(['body', 'fields', 1]);
    const after = await t.request('GET', `/api/v1/dynamic-tables/${table.id}`, {
      token: user.token,
    });
    expect((after.body as Table).fields.map((field) => field.name)).toEqual(['Full_Name']);
    const mappings = await t.request('GET', `/api/v1/field-mappings/template/${template.id}`, {
      token: user.token,
    });
    expect(mappings.body).toEqual([]);
  });

  it("hides another user's table and template", async () => {
    const { template, table } = await setUp();
    await expectNotFoundForOtherUser(
      t,
      'POST',
      `/api/v1/pdf-templates/${template.id}/add-columns`,
      {
        json: { table_id: table.id, fields: [], mappings: [] },
      },
    );
    await expectNotFoundForOtherUser(
      t,
      'POST',
      `/api/v1/pdf-templates/${template.id}/table-proposal?table_id=${table.id}`,
    );
  });
});
