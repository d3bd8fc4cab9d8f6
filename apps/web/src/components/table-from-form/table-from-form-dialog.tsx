import type { TableProposal } from '@formbridge/contract/table-proposal';
import { useEffect, useState } from 'react';
import { describeError } from '../../lib/describe-error';
import { formatCount } from '../../lib/format';
import { notify } from '../../lib/toast';
import { Button } from '../ui/button';
import { ErrorBanner } from '../ui/error-banner';
import { Modal } from '../ui/modal';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { ProposalColumnRow } from './proposal-column-row';
import {
  buildAddColumnsBody,
  buildCreateBody,
  countExistingColumnMappings,
  countMappedFields,
  toEditableColumns,
  type EditableColumn,
} from './proposal-edit';
import {
  useAddColumnsFromTemplate,
  useCreateTableFromTemplate,
  useTableProposal,
} from './table-from-form-api';

type Props = {
  templateId: string;
  /** "Add missing columns" to this table; without it, a new table is created. */
  table?: { id: string; name: string };
  onClose: () => void;
  /** The table made or extended. */
  onDone: (tableId: string) => void;
};

/**
 * "Create a table from this form" (or "Add missing columns" to an existing table): the proposed
 * columns, editable, then the table created or extended with every field of the form mapped.
 */
export function TableFromFormDialog({ templateId, table, onClose, onDone }: Props) {
  const proposal = useTableProposal(templateId, table?.id);
  const create = useCreateTableFromTemplate(templateId);
  const addColumns = useAddColumnsFromTemplate(templateId);
  const isAdding = table !== undefined;
  const isSaving = create.isPending || addColumns.isPending;
  const [tableName, setTableName] = useState('');
  const [columns, setColumns] = useState<EditableColumn[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { mutate: loadProposal } = proposal;

  useEffect(() => {
    loadProposal(undefined, {
      onSuccess: (data) => {
        setTableName(data.table.name);
        setColumns(toEditableColumns(data));
      },
    });
  }, [loadProposal]);

  const submit = async () => {
    if (!proposal.data) {
      return;
    }
    setError(null);
    try {
      onDone(await save(proposal.data));
    } catch (caught) {
      setError(
        describeError(
          caught,
          isAdding ? 'Failed to add the columns' : 'Failed to create the table',
        ),
      );
    }
  };

  const save = async (data: TableProposal): Promise<string> => {
    if (table) {
      const result = await addColumns.mutateAsync(buildAddColumnsBody(data, table.id, columns));
      notify.success(
        `${formatCount(result.columns_added, 'column')} added to "${result.table.name}"; ` +
          `${formatCount(result.mappings_created, 'field')} mapped`,
      );
      return result.table.id;
    }
    const result = await create.mutateAsync(buildCreateBody(data, tableName, columns));
    notify.success(
      `Table "${result.table.name}" created; ${result.mappings_created} fields mapped`,
    );
    return result.table.id;
  };

  const data = proposal.data;
  const existingMappings = data && isAdding ? countExistingColumnMappings(data) : 0;
  const hasExistingMappings = existingMappings > 0;
  const submitLabel = isAdding
    ? addColumns.isPending
      ? 'Adding...'
      : 'Add columns and map fields'
    : create.isPending
      ? 'Creating...'
      : 'Create table and map fields';
  const fieldCounts = new Map<string, number>();
  for (const mapping of data?.mappings ?? []) {
    fieldCounts.set(mapping.mapped_field_key, (fieldCounts.get(mapping.mapped_field_key) ?? 0) + 1);
  }
  return (
    <Modal
      title={table ? `Add missing columns to ${table.name}` : 'Create a table from this form'}
      size="xl"
      onClose={onClose}
      isBusy={isSaving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            disabled={!data || (columns.length === 0 && !hasExistingMappings) || isSaving}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      {proposal.isPending ? <Spinner label="Reading the form..." /> : null}
      {proposal.isError ? (
        <ErrorBanner message={describeError(proposal.error, 'Could not read the form')} />
      ) : null}
      {data ? (
        <div className="space-y-4">
          <ErrorBanner message={error} />
          {table ? (
            <p className="text-sm text-slate-600">
              The columns {table.name} lacks, one per value the form asks for, named from its
              printed captions.{' '}
              {hasExistingMappings
                ? `${formatCount(existingMappings, 'field')} will map to columns it already has. `
                : ''}
              Change anything before adding: {countMappedFields(data, columns)} PDF fields will be
              mapped.
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                One column per value the form asks for, named from its printed captions. Change
                anything before creating: {countMappedFields(data, columns)} PDF fields will be
                mapped to the new table.
              </p>
              <TextField
                label="Table name"
                value={tableName}
                onChange={(event) => setTableName(event.target.value)}
              />
            </>
          )}
          {columns.length === 0 ? (
            <p className="text-sm text-slate-600">
              {hasExistingMappings
                ? 'No column is missing: the table has one for every field left.'
                : 'Every field of this form is mapped already.'}
            </p>
          ) : (
            <ol aria-label="Proposed columns" className="space-y-3">
              {columns.map((column, index) => (
                <ProposalColumnRow
                  key={column.proposedName}
                  index={index}
                  column={column}
                  fieldCount={fieldCounts.get(column.proposedName) ?? 0}
                  onChange={(next) =>
                    setColumns((current) => current.map((item, i) => (i === index ? next : item)))
                  }
                  onRemove={() => setColumns((current) => current.filter((_, i) => i !== index))}
                />
              ))}
            </ol>
          )}
          {data.unmapped.length > 0 ? (
            <details className="text-sm text-slate-600">
              <summary className="cursor-pointer">
                {data.unmapped.length} {data.unmapped.length === 1 ? 'field' : 'fields'} left out
              </summary>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {data.unmapped.map((item) => (
                  <li key={item.field_name} className="break-all">
                    {item.field_name}: {item.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
