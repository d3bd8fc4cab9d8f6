import type { ProposedField, TableProposal } from '@formbridge/contract/table-proposal';
import { getNameKey, type Field } from '@formbridge/contract/tables';
import { foldText } from './text-normalize.ts';

// "Add missing columns" (issue 34): a proposal made for a new table, fitted to a table that
// exists. A proposed column the table already has (same name, or same label, of a type that can
// take the value) is not added again: its fields map to the existing column. A column whose name
// is taken by an unrelated one gets the next free name.

/** The existing column can take what the proposed one would hold. */
function canTake(existing: Field, proposed: ProposedField): boolean {
  if (existing.type === 'link' || existing.type === 'file') {
    return false;
  }
  return existing.type === proposed.type || existing.type === 'string';
}

const labelKey = (text: string) =>
  foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function freeName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(getNameKey(candidate)); n++) {
    candidate = `${name}_${n}`;
  }
  return candidate;
}

/** The proposal for `table`: only the columns it lacks, every mapping pointing at a real column. */
export function fitProposalToTable(
  proposal: TableProposal,
  table: { name: string; fields: readonly Field[] },
): TableProposal {
  const byName = new Map(table.fields.map((field) => [getNameKey(field.name), field]));
  const byLabel = new Map(
    table.fields.flatMap((field) => (field.label ? [[labelKey(field.label), field] as const] : [])),
  );
  const taken = new Set(byName.keys());
  const target = new Map<string, string>();
  const fields: ProposedField[] = [];
  for (const column of proposal.table.fields) {
    const existing = byName.get(getNameKey(column.name)) ?? byLabel.get(labelKey(column.label));
    if (existing !== undefined && canTake(existing, column)) {
      target.set(column.name, existing.name);
      continue;
    }
    const name = freeName(column.name, taken);
    taken.add(getNameKey(name));
    target.set(column.name, name);
    fields.push({ ...column, name });
  }
  return {
    table: { ...proposal.table, name: table.name, fields },
    mappings: proposal.mappings.map((mapping) => ({
      ...mapping,
      mapped_field_key: target.get(mapping.mapped_field_key) ?? mapping.mapped_field_key,
    })),
    unmapped: proposal.unmapped,
  };
}
