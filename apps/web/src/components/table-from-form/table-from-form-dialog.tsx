import type { CreateTableFromTemplateResponse } from '@formbridge/contract/table-proposal';
import { useEffect, useState } from 'react';
import { describeError } from '../../lib/describe-error';
import { notify } from '../../lib/toast';
import { Button } from '../ui/button';
import { ErrorBanner } from '../ui/error-banner';
import { Modal } from '../ui/modal';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { ProposalColumnRow } from './proposal-column-row';
import {
  buildCreateBody,
  countMappedFields,
  toEditableColumns,
  type EditableColumn,
} from './proposal-edit';
import { useCreateTableFromTemplate, useTableProposal } from './table-from-form-api';

type Props = {
  templateId: string;
  onClose: () => void;
  onCreated: (result: CreateTableFromTemplateResponse) => void;
};

/**
 * "Create a table from this form": the proposed columns, editable, then the table created with
 * every field of the form mapped to its column.
 */
export function TableFromFormDialog({ templateId, onClose, onCreated }: Props) {
  const proposal = useTableProposal(templateId);
  const create = useCreateTableFromTemplate(templateId);
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
      const result = await create.mutateAsync(buildCreateBody(proposal.data, tableName, columns));
      notify.success(
        `Table "${result.table.name}" created; ${result.mappings_created} fields mapped`,
      );
      onCreated(result);
    } catch (caught) {
      setError(describeError(caught, 'Failed to create the table'));
    }
  };

  const data = proposal.data;
  const fieldCounts = new Map<string, number>();
  for (const mapping of data?.mappings ?? []) {
    fieldCounts.set(mapping.mapped_field_key, (fieldCounts.get(mapping.mapped_field_key) ?? 0) + 1);
  }
  return (
    <Modal
      title="Create a table from this form"
      size="xl"
      onClose={onClose}
      isBusy={create.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            disabled={!data || columns.length === 0 || create.isPending}
          >
            {create.isPending ? 'Creating...' : 'Create table and map fields'}
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
          <p className="text-sm text-slate-600">
            One column per value the form asks for, named from its printed captions. Change anything
            before creating: {countMappedFields(data, columns)} PDF fields will be mapped to the new
            table.
          </p>
          <TextField
            label="Table name"
            value={tableName}
            onChange={(event) => setTableName(event.target.value)}
          />
          {columns.length === 0 ? (
            <p className="text-sm text-slate-600">Every field of this form is mapped already.</p>
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
