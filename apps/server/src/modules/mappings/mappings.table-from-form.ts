import crypto from 'node:crypto';
import type { ProposedMapping, TableProposal } from '@formbridge/contract/table-proposal';
import type { FieldDataDto } from '@formbridge/contract/templates';
import { createTableBodySchema, getNameKey } from '@formbridge/contract/tables';
import { MAPPING_MESSAGES } from '@formbridge/contract/mappings';
import type { Db } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { proposeTableFromFields } from '../../suggest/table-proposal.ts';
import { createTable, presentTable, type StoredTable } from '../tables/tables.public.ts';
import type { TableResponse } from '@formbridge/contract/tables';
import { requireTemplate, shareLockTemplate } from '../templates/templates.public.ts';
import { listTemplateMappingRows } from './mappings.crud.repo.ts';
import { insertMapping } from './mappings.repo.ts';
import { checkTransformTargets, serializeTransform } from './mappings.transforms.ts';
import { recordAudit } from '../../lib/audit/record-audit.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';

// "Create a table from this form" (issue 34): the proposal, and the table made from it with every
// PDF field mapped to its column in the same transaction. Fields already mapped keep their mapping.

const ALREADY_MAPPED = 'Already mapped';

/** The table the template's not-yet-mapped fields ask for, and how each maps to it. */
export async function proposeTableForTemplate(
  ctx: AppContext,
  ownerId: string,
  templateId: string,
): Promise<TableProposal> {
  const template = await requireTemplate(ctx.db, ownerId, templateId);
  const mapped = await listTemplateMappingRows(ctx.db, ownerId, templateId);
  const mappedNames = new Set(mapped.map((row) => row.field_name));
  const fields = template.field_data;
  const proposal = proposeTableFromFields(template.name, fields, mappedNames);
  const alreadyMapped = [...mappedNames]
    .filter((name) => Object.hasOwn(fields, name))
    .map((name) => ({ field_name: name, reason: ALREADY_MAPPED }));
  return { ...proposal, unmapped: [...proposal.unmapped, ...alreadyMapped] };
}

/** How the sample form (modules/onboarding) uses it: in its own transaction, with a display field. */
export type CreateTableOptions = { trx?: Db; displayFieldKey?: string };

/**
 * Creates the (possibly edited) proposed table and maps the template's fields to it. Mappings to
 * a column the user removed are dropped; a field the template lacks, or one named twice, is 422.
 */
export async function createTableFromTemplate(
  ctx: AppContext,
  scope: AuditScope,
  templateId: string,
  proposal: TableProposal,
  options: CreateTableOptions = {},
): Promise<{ table: TableResponse; mappings_created: number }> {
  const ownerId = scope.workspaceId;
  const template = await requireTemplate(options.trx ?? ctx.db, ownerId, templateId);
  checkProposedMappings(template.field_data, proposal.mappings);
  const body = createTableBodySchema.parse({
    name: proposal.table.name,
    fields: proposal.table.fields.map(({ name, label, type, required }) => ({
      name,
      label,
      type,
      required,
    })),
    combination_rules: proposal.table.combination_rules,
    use_display_field: options.displayFieldKey !== undefined,
    display_field_key: options.displayFieldKey ?? null,
  });
  let created = 0;
  const table = await createTable(
    ctx,
    scope,
    body,
    async (trx, stored) => {
      created = await insertProposedMappings(trx, ownerId, templateId, stored, proposal.mappings);
      await auditProposedMappings(trx, scope, templateId, stored, new Set());
    },
    options.trx,
  );
  return { table: presentTable(table), mappings_created: created };
}

/** Every mapped field is one the template has, and none is named twice (else 422). */
export function checkProposedMappings(
  fields: FieldDataDto,
  mappings: readonly ProposedMapping[],
): void {
  const seen = new Set<string>();
  mappings.forEach((mapping, index) => {
    const loc = ['body', 'mappings', index, 'field_name'];
    if (!Object.hasOwn(fields, mapping.field_name)) {
      throw validationError([{ loc, msg: MAPPING_MESSAGES.unknownPdfField(mapping.field_name) }]);
    }
    if (seen.has(mapping.field_name)) {
      throw validationError([{ loc, msg: `Field '${mapping.field_name}' is mapped twice` }]);
    }
    seen.add(mapping.field_name);
  });
}

/**
 * Maps the template's fields to `table`'s columns in `trx`, under a share lock on the template.
 * Mappings to a column the table lacks (one the user removed) and of fields already mapped are
 * skipped. Returns how many were made.
 */
export async function insertProposedMappings(
  trx: Db,
  ownerId: string,
  templateId: string,
  table: StoredTable,
  mappings: readonly ProposedMapping[],
): Promise<number> {
  const locked = await shareLockTemplate(trx, ownerId, templateId);
  if (!locked) {
    throw notFound('Template');
  }
  const columns = new Map(table.fields.map((field) => [getNameKey(field.name), field.name]));
  const alreadyMapped = new Set(
    (await listTemplateMappingRows(trx, ownerId, templateId)).map((row) => row.field_name),
  );
  const catalog = { table, byId: new Map([[table.id, table]]) };
  const now = new Date().toISOString();
  let created = 0;
  for (const mapping of mappings) {
    const column = columns.get(getNameKey(mapping.mapped_field_key));
    if (column === undefined || alreadyMapped.has(mapping.field_name)) {
      continue;
    }
    const transform = mapping.transform ?? null;
    checkTransformTargets(transform, catalog);
    await insertMapping(trx, {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      template_id: templateId,
      field_name: mapping.field_name,
      mapped_table_id: table.id,
      mapped_field_key: column,
      suggested: false,
      transform: serializeTransform(transform),
      created_at: now,
      updated_at: now,
    });
    created += 1;
  }
  return created;
}

/**
 * One `template.mapped` event for the mappings to `table` that a table made from the form (or
 * "Add missing columns") just wrote: those of fields not in `mappedBefore`.
 */
export async function auditProposedMappings(
  trx: Db,
  scope: AuditScope,
  templateId: string,
  table: StoredTable,
  mappedBefore: ReadonlySet<string>,
): Promise<void> {
  const rows = (await listTemplateMappingRows(trx, scope.workspaceId, templateId)).filter(
    (row) => row.mapped_table_id === table.id && !mappedBefore.has(row.field_name),
  );
  const template = await shareLockTemplate(trx, scope.workspaceId, templateId);
  if (rows.length > 0 && template) {
    await recordAudit(trx, scope.actor, {
      workspaceId: scope.workspaceId,
      action: 'template.mapped',
      target: { kind: 'template', id: templateId, name: template.name },
      changes: rows.map((row) => ({
        field: row.field_name,
        before: null,
        after: `${table.name}.${row.mapped_field_key}`,
      })),
    });
  }
}
