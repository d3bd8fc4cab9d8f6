import type {
  AddColumnsBody,
  ProposedField,
  TableProposal,
} from '@formbridge/contract/table-proposal';

/** A column as the user edits it, remembering the name the proposal gave it. */
export type EditableColumn = ProposedField & { proposedName: string };

export function toEditableColumns(proposal: TableProposal): EditableColumn[] {
  return proposal.table.fields.map((field) => ({ ...field, proposedName: field.name }));
}

/**
 * The body for create-table from the edited columns: each mapping follows its column's new name,
 * and mappings of removed columns are left out.
 */
export function buildCreateBody(
  proposal: TableProposal,
  tableName: string,
  columns: readonly EditableColumn[],
): TableProposal {
  const renamed = new Map(columns.map((column) => [column.proposedName, column.name.trim()]));
  return {
    table: {
      name: tableName.trim(),
      fields: columns.map(({ proposedName: _proposed, ...field }) => ({
        ...field,
        name: field.name.trim(),
        label: field.label.trim(),
      })),
      combination_rules: proposal.table.combination_rules,
    },
    mappings: proposal.mappings.flatMap((mapping) => {
      const name = renamed.get(mapping.mapped_field_key);
      return name === undefined ? [] : [{ ...mapping, mapped_field_key: name }];
    }),
    unmapped: proposal.unmapped,
  };
}

/**
 * Mappings that follow the edited columns: renamed with their column, left out with a removed
 * one. A mapping to a column the table already has ("Add missing columns") is kept as it is.
 */
function keptMappings(proposal: TableProposal, columns: readonly EditableColumn[]) {
  const renamed = new Map(columns.map((column) => [column.proposedName, column.name.trim()]));
  const proposed = new Set(proposal.table.fields.map((field) => field.name));
  return proposal.mappings.flatMap((mapping) => {
    if (!proposed.has(mapping.mapped_field_key)) {
      return [mapping];
    }
    const name = renamed.get(mapping.mapped_field_key);
    return name === undefined ? [] : [{ ...mapping, mapped_field_key: name }];
  });
}

/** The body for add-columns: the edited new columns, and mappings to them or existing ones. */
export function buildAddColumnsBody(
  proposal: TableProposal,
  tableId: string,
  columns: readonly EditableColumn[],
): AddColumnsBody {
  return {
    table_id: tableId,
    fields: columns.map(({ proposedName: _proposed, ...field }) => ({
      ...field,
      name: field.name.trim(),
      label: field.label.trim(),
    })),
    mappings: keptMappings(proposal, columns),
  };
}

/** How many PDF fields the edited columns (and, when adding, the table's own) still fill. */
export function countMappedFields(proposal: TableProposal, columns: readonly EditableColumn[]) {
  return keptMappings(proposal, columns).length;
}

/** How many PDF fields map to columns the table already has. */
export function countExistingColumnMappings(proposal: TableProposal): number {
  const proposed = new Set(proposal.table.fields.map((field) => field.name));
  return proposal.mappings.filter((mapping) => !proposed.has(mapping.mapped_field_key)).length;
}
