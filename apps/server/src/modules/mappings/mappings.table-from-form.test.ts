import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldMapping } from '@formbridge/contract/mappings';
import type { TableProposal } from '@formbridge/contract/table-proposal';
import type { Table } from '@formbridge/contract/tables';
import { createTemplate } from '../../../test/factories.ts';
import {
  createUser,
  DIALECTS,
  expectNotFoundForOtherUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';

describe.each(DIALECTS)('a table made from a form on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const propose = async (templateId: string) => {
    const response = await t.request('POST', `/api/v1/pdf-templates/${templateId}/table-proposal`, {
      token: user.token,
    });
    expect(response.status, response.text).toBe(200);
    return response.body as TableProposal;
  };

  it('proposes one column per field from the captions, then creates and maps it all', async () => {
    const template = await createTemplate(t, user, undefined, 'Membership form');
    const proposal = await propose(template.id);
    expect(proposal.table).toEqual({
      name: 'Membership form',
      fields: [
        { name: 'full_name', label: 'Full name', type: 'string', required: false },
        { name: 'email', label: 'Email', type: 'email', required: false },
        { name: 'agree', label: 'agree', type: 'boolean', required: false },
      ],
      combination_rules: [],
    });
    expect(proposal.mappings).toEqual([
      { field_name: 'applicant.full_name', mapped_field_key: 'full_name' },
      { field_name: 'applicant.email', mapped_field_key: 'email' },
      { field_name: 'agree', mapped_field_key: 'agree' },
    ]);

    // The user renames a column and makes it required before creating.
    const edited = structuredClone(proposal);
    edited.table.fields[0] = { ...edited.table.fields[0]!, label: 'Member name', required: true };
    const created = await t.request('POST', `/api/v1/pdf-templates/${template.id}/create-table`, {
      token: user.token,
      json: edited,
    });
    expect(created.status, created.text).toBe(201);
    const { table, mappings_created } = created.body as { table: Table; mappings_created: number };
    expect(mappings_created).toBe(3);
    expect(table.name).toBe('Membership form');
    expect(table.fields[0]).toEqual({
      name: 'full_name',
      label: 'Member name',
      type: 'string',
      required: true,
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
      ['applicant.full_name', table.id, 'full_name'],
    ]);

    // Nothing is left to propose: every field is listed as mapped already.
    const again = await propose(template.id);
    expect(again.table.fields).toEqual([]);
    expect(again.unmapped.map((item) => item.reason)).toEqual([
      'Already mapped',
      'Already mapped',
      'Already mapped',
    ]);
  });

  it('skips mappings to a removed column and refuses a field the form lacks', async () => {
    const template = await createTemplate(t, user, undefined, 'Trimmed form');
    const proposal = await propose(template.id);
    const trimmed = {
      ...proposal,
      table: { ...proposal.table, name: 'Trimmed', fields: proposal.table.fields.slice(0, 1) },
    };
    const created = await t.request('POST', `/api/v1/pdf-templates/${template.id}/create-table`, {
      token: user.token,
      json: trimmed,
    });
    expect(created.status, created.text).toBe(201);
    expect((created.body as { mappings_created: number }).mappings_created).toBe(1);

    const tables = await t.request('GET', '/api/v1/dynamic-tables/', { token: user.token });
    const count = (tables.body as Table[]).length;
    const wrong = await t.request('POST', `/api/v1/pdf-templates/${template.id}/create-table`, {
      token: user.token,
      json: {
        ...proposal,
        table: { ...proposal.table, name: 'Wrong' },
        mappings: [{ field_name: 'no.such.field', mapped_field_key: 'full_name' }],
      },
    });
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.body)).toContain('no.such.field');
    // Nothing half-written: no table was created either.
    const after = await t.request('GET', '/api/v1/dynamic-tables/', { token: user.token });
    expect((after.body as Table[]).length).toBe(count);
  });

  it("refuses an invalid schema with the tables' own messages, and another user's form", async () => {
    const template = await createTemplate(t, user, undefined, 'Clashing form');
    const proposal = await propose(template.id);
    const clash = structuredClone(proposal);
    clash.table.fields[1] = { ...clash.table.fields[1]!, name: 'Full_Name' };
    const refused = await t.request('POST', `/api/v1/pdf-templates/${template.id}/create-table`, {
      token: user.token,
      json: clash,
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('Field names must be unique');
    const empty = await t.request('POST', `/api/v1/pdf-templates/${template.id}/create-table`, {
      token: user.token,
      json: { ...proposal, table: { ...proposal.table, fields: [] } },
    });
    expect(empty.status).toBe(422);

    await expectNotFoundForOtherUser(
      t,
      'POST',
      `/api/v1/pdf-templates/${template.id}/table-proposal`,
    );
    await expectNotFoundForOtherUser(
      t,
      'POST',
      `/api/v1/pdf-templates/${template.id}/create-table`,
      {
        json: proposal,
      },
    );
  });
});
