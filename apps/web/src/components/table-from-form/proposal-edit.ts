import type { ProposedField, TableProposal } from '@formbridge/contract/table-proposal';

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

/** How many PDF fields the edited columns still fill. */
export function countMappedFields(proposal: TableProposal, columns: readonly EditableColumn[]) {
  const kept = new Set(columns.map((column) => column.proposedName));
  return proposal.mappings.filter((mapping) => kept.has(mapping.mapped_field_key)).length;
}
