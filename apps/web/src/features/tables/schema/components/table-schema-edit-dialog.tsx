import type { RecordResponse } from '@formbridge/contract/records';
import type { TableResponse, UpdateTableBody } from '@formbridge/contract/tables';
import { CONFIRMATION_REQUIRED } from '@formbridge/contract/tables-validation';
import { planSchemaChange } from '@formbridge/contract/tables-schema-change';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { VirtualList } from '../../../../components/ui/virtual-list';
import { Spinner } from '../../../../components/ui/spinner';
import { TextField } from '../../../../components/ui/text-field';
import { notify } from '../../../../lib/toast';
import { recordsQuery } from '../../records/api/records-api';
import { tableQuery, useTables, useUpdateTable } from '../../api/tables-api';
import { describeServerError, readValidationIssues } from '../../utils/api-errors';
import {
  createSchemaResolver,
  describeLosingFields,
  listLosingFields,
  newFieldRow,
  toFormPath,
  toSchemaFormValues,
  type LosingField,
  type SchemaFormValues,
} from '../utils/schema-form';
import { SchemaDisplayField } from './schema-display-field';
import { SchemaFieldRow } from './schema-field-row';
import { SchemaIssueList, SchemaRemovalConfirmation } from './schema-messages';
import { SchemaRulesEditor } from './schema-rules-editor';

type Props = { table: TableResponse; onClose: () => void };

/**
 * 'Edit Table Schema': waits for the user's tables, which link fields may point at. The table's
 * records, which say what a change would delete, are read in the background and only awaited
 * on save: reading a 1,000-field table's records held the dialog's opening for seconds.
 */
export function TableSchemaEditDialog(props: Props) {
  const tables = useTables();
  const readRecords = useRecordsOnce(props.table.id);
  useEffect(() => {
    if (tables.isError) {
      notify.warning('Could not load tables for linking.');
    }
  }, [tables.isError]);
  if (tables.isPending) {
    return (
      <Modal title="Edit Table Schema" size="xl" onClose={props.onClose}>
        <Spinner />
      </Modal>
    );
  }
  const linkable = (tables.data?.tables ?? []).filter((item) => item.id !== props.table.id);
  return <SchemaEditor {...props} readRecords={readRecords} linkableTables={linkable} />;
}

/**
 * Every record of the table, read once when the dialog opens (the records grid holds only
 * pages): not a live query, so the dialog's own save does not wait for the whole table to be
 * read again. If they cannot be read the dialog still works: the server then asks for the
 * confirmation itself.
 */
function useRecordsOnce(tableId: string): () => Promise<readonly RecordResponse[]> {
  const queryClient = useQueryClient();
  const [records] = useState(() =>
    queryClient.fetchQuery(recordsQuery(tableId)).catch((): RecordResponse[] => []),
  );
  return useCallback(() => records, [records]);
}

type Pending = { body: UpdateTableBody; losing: LosingField[] };

function SchemaEditor({
  table,
  readRecords,
  onClose,
  linkableTables,
}: Props & {
  readRecords: () => Promise<readonly RecordResponse[]>;
  linkableTables: TableResponse[];
}) {
  const queryClient = useQueryClient();
  const update = useUpdateTable(table.id);
  const [initialValues] = useState(() => toSchemaFormValues(table));
  const [resolver] = useState(() =>
    createSchemaResolver(
      table,
      linkableTables.map((item) => item.id),
    ),
  );
  const form = useForm<SchemaFormValues, unknown, UpdateTableBody>({
    resolver,
    defaultValues: initialValues,
  });
  const rows = useFieldArray({ control: form.control, name: 'fields', keyName: 'rowId' });
  const [pending, setPending] = useState<Pending | null>(null);
  const [addedIndex, setAddedIndex] = useState<number | null>(null);
  const [serverIssues, setServerIssues] = useState<string[]>([]);
  const fieldsError = form.formState.errors.fields?.root?.message;

  const showServerIssues = (error: unknown) => {
    const issues = readValidationIssues(error);
    const seen = new Set<string>();
    for (const issue of issues) {
      const path = toFormPath(issue.loc);
      if (!seen.has(path)) {
        seen.add(path);
        form.setError(path as FieldPath<SchemaFormValues>, { type: 'server', message: issue.msg });
      }
    }
    if (issues.length > 0) {
      setServerIssues(issues.map((issue) => issue.msg));
      return;
    }
    const detail = describeServerError(error);
    notify.error(detail ?? 'Failed to update table');
    setServerIssues(detail ? [detail] : []);
  };

  const save = async (body: UpdateTableBody) => {
    setServerIssues([]);
    try {
      const result = await update.mutateAsync(body);
      notify.success('Table schema updated successfully');
      const dropped = result.dropped_mappings.length;
      if (dropped > 0) {
        notify.info(`${dropped} field ${dropped === 1 ? 'mapping was' : 'mappings were'} removed.`);
      }
      onClose();
    } catch (error) {
      const needsConfirmation = readValidationIssues(error).some(
        (issue) => issue.type === CONFIRMATION_REQUIRED,
      );
      if (needsConfirmation) {
        // The stored schema changed since this dialog opened: ask again against it.
        const fresh = await queryClient
          .fetchQuery({ ...tableQuery(table.id), staleTime: 0 })
          .catch(() => null);
        const confirm = fresh ? listLosingFields(fresh, body) : [];
        const losing = fresh
          ? describeLosingFields(planSchemaChange(fresh, body), await readRecords())
          : [];
        if (losing.length > 0) {
          setPending({ body: { ...body, confirm_remove_fields: confirm }, losing });
          return;
        }
      }
      setPending(null);
      showServerIssues(error);
    }
  };

  const onValid = async (body: UpdateTableBody) => {
    setServerIssues([]);
    const losing = describeLosingFields(planSchemaChange(table, body), await readRecords());
    if (losing.length > 0) {
      setPending({ body, losing });
    } else {
      void save(body);
    }
  };

  const isBusy = update.isPending;
  const footer = pending ? (
    <>
      <Button variant="secondary" onClick={() => setPending(null)} disabled={isBusy}>
        Back
      </Button>
      <Button variant="danger" onClick={() => void save(pending.body)} disabled={isBusy}>
        {isBusy ? 'Saving...' : 'Delete Fields and Save'}
      </Button>
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={onClose} disabled={isBusy}>
        Cancel
      </Button>
      <Button type="submit" form="schema-form" disabled={isBusy}>
        {isBusy ? 'Saving...' : 'Save Changes'}
      </Button>
    </>
  );

  return (
    <Modal title="Edit Table Schema" size="xl" onClose={onClose} footer={footer} isBusy={isBusy}>
      {pending ? <SchemaRemovalConfirmation losing={pending.losing} /> : null}
      <form
        id="schema-form"
        noValidate
        hidden={pending !== null}
        className="space-y-6"
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <SchemaIssueList title="Failed to update table" messages={serverIssues} />
        <TextField
          label="Table name"
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">Fields</legend>
          <div className="hidden grid-cols-[1fr_1fr_9rem_10rem_4.5rem_2.5rem] gap-2 text-xs font-semibold uppercase tracking-wide text-slate-500 md:grid">
            <span>Name</span>
            <span>Label</span>
            <span>Type</span>
            <span>Linked table</span>
            <span>Required</span>
          </div>
          <VirtualList
            count={rows.fields.length}
            estimateSize={48}
            label="Schema fields"
            itemClassName="pb-2"
            getKey={(index) => rows.fields[index]?.rowId ?? index}
            scrollToIndex={addedIndex}
            renderItem={(index) => (
              <SchemaFieldRow
                index={index}
                form={form}
                linkableTables={linkableTables}
                onRemove={rows.fields.length > 1 ? () => rows.remove(index) : undefined}
              />
            )}
          />
          {fieldsError ? <p className="text-sm text-red-600">{fieldsError}</p> : null}
          <Button
            variant="secondary"
            onClick={() => {
              rows.append(newFieldRow());
              // In a long list the new row is below the rows in view.
              setAddedIndex(rows.fields.length);
            }}
          >
            Add Field
          </Button>
        </fieldset>
        <SchemaRulesEditor form={form} />
        <SchemaDisplayField form={form} />
      </form>
    </Modal>
  );
}
