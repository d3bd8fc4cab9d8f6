import {
  type AddColumnsBody,
  type AddColumnsResponse,
  type TableProposal,
} from '@formbridge/contract/table-proposal';
import { inBody } from '@formbridge/contract/errors';
import { updateTableBodySchema } from '@formbridge/contract/tables';
import { buildStoredSchema, mergeTableUpdate } from '@formbridge/contract/tables-migration';
import { validateTableSchema } from '@formbridge/contract/tables-validation';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import { auditTableWrite } from '../../lib/audit/schema-changes.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { fitProposalToTable } from '../../suggest/proposal-fit.ts';
import {
  findTable,
  listTables,
  lockTable,
  presentTable,
  writeTableSchema,
} from '../tables/tables.public.ts';
import { requireTemplate } from '../templates/templates.public.ts';
import { listTemplateMappingRows } from './mappings.crud.repo.ts';
import {
  auditProposedMappings,
  checkProposedMappings,
  insertProposedMappings,
  proposeTableForTemplate,
} from './mappings.table-from-form.ts';

// "Add missing columns" (issue 34): the template's not-yet-mapped fields against a table that
// exists — columns it lacks are added, and every field is mapped to its column, new or old, in one
// transaction with the schema change. Adding columns moves no record value.

/** The proposal for `tableId`: the columns it lacks, and mappings to those or to its own. */
export async function proposeColumnsForTable(
  ctx: AppContext,
  ownerId: string,
  templateId: string,
  tableId: string,
): Promise<TableProposal> {
  const table = await findTable(ctx.db, ownerId, tableId);
  if (!table) {
    throw notFound('Table');
  }
  return fitProposalToTable(await proposeTableForTemplate(ctx, ownerId, templateId), table);
}

/** Adds the columns to the table and makes the mappings; 422 names the column at fault. */
export async function addColumnsFromTemplate(
  ctx: AppContext,
  scope: AuditScope,
  templateId: string,
  body: AddColumnsBody,
): Promise<AddColumnsResponse> {
  const ownerId = scope.workspaceId;
  const template = await requireTemplate(ctx.db, ownerId, templateId);
  checkProposedMappings(template.field_data, body.mappings);
  return ctx.db.transaction().execute(async (trx) => {
    const current = await lockTable(trx, ownerId, body.table_id);
    if (!current) {
      throw notFound('Table');
    }
    const update = updateTableBodySchema.parse({
      name: current.name,
      fields: [
        ...current.fields.map((field) => ({ ...field, previous_name: field.name })),
        ...body.fields.map(({ name, label, type, required }) => ({ name, label, type, required })),
      ],
      combination_rules: current.combination_rules.map((rule) => ({
        ...rule,
        previous_name: rule.name,
      })),
    });
    const merged = mergeTableUpdate(current, update);
    const tables = await listTables(trx, ownerId);
    const issues = validateTableSchema(merged, {
      linkableTableIds: tables.map((table) => table.id),
      tableId: current.id,
      current,
    });
    if (issues.length > 0) {
      // The new columns follow the table's own: point at them as the body numbers them.
      const offset = current.fields.length;
      throw validationError(
        inBody(
          issues.map((issue) =>
            issue.loc[0] === 'fields' && typeof issue.loc[1] === 'number'
              ? { ...issue, loc: ['fields', issue.loc[1] - offset, ...issue.loc.slice(2)] }
              : issue,
          ),
        ),
      );
    }
    const now = new Date().toISOString();
    await writeTableSchema(trx, ownerId, current.id, buildStoredSchema(merged), now);
    const updated = await findTable(trx, ownerId, current.id);
    if (!updated) {
      throw new Error('Updated table not found');
    }
    if (body.fields.length > 0) {
      // Only mappings to add (the table had every column): the table itself did not change.
      await auditTableWrite(trx, scope, {
        action: 'table.schema_changed',
        tableId: current.id,
        before: current,
        after: updated,
      });
    }
    const mappedBefore = new Set(
      (await listTemplateMappingRows(trx, ownerId, templateId)).map((row) => row.field_name),
    );
    const created = await insertProposedMappings(trx, ownerId, templateId, updated, body.mappings);
    await auditProposedMappings(trx, scope, templateId, updated, mappedBefore);
    return {
      table: presentTable(updated),
      columns_added: body.fields.length,
      mappings_created: created,
    };
  });
}
