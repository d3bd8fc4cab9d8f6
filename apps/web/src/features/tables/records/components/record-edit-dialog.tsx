import type { RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { ErrorBanner } from '../../../../components/ui/error-banner';
import { Modal } from '../../../../components/ui/modal';
import { FieldFilter, NoFieldsMatch } from '../../../../components/ui/field-filter';
import { VIRTUAL_LIST_THRESHOLD, VirtualList } from '../../../../components/ui/virtual-list';
import { notify } from '../../../../lib/toast';
import { useCreateRecord, type RecordData } from '../api/records-api';
import type { LinkedTable } from '../hooks/use-linked-tables';
import { useRecordFileFields } from '../hooks/use-record-file-fields';
import { useShownFields } from '../hooks/use-shown-fields';
import { useRecordUpdate, type RecordChoice } from '../hooks/use-record-update';
import { describeServerError, readValidationIssues } from '../../utils/api-errors';
import {
  createRecordResolver,
  findFieldIndex,
  toRecordFormValues,
  type RecordFormValues,
} from '../utils/record-form';
import { pickChangedValues } from '../utils/record-conflicts';
import { RecordConflictChoices } from './record-conflict-choices';
import { RecordFieldInput } from './record-field-input';
import { RecordFileField } from './record-file-field';
import { RecordHistoryPanel } from './record-history-panel';
import { RecordTabs, type RecordTab } from './record-tabs';

type Props = {
  table: TableResponse;
  /** Null to add a record. */
  record: RecordResponse | null;
  linkedTables: ReadonlyMap<string, LinkedTable>;
  /** A new record in a table with file fields stays open as that record, for its uploads. */
  onSaved: (record: RecordResponse) => void;
  onClose: () => void;
};

/**
 * 'Add New Record' / 'Edit Record': one input per field by type, checked by the record rules;
 * a saved record also has its History tab (issue 32).
 */
export function RecordEditDialog(props: Props) {
  // Kept across the form's remounts: a restore from History stays on History.
  const [tab, setTab] = useState<RecordTab>('details');
  // A new form whenever the dialog switches from adding to editing the saved record, and when
  // a restore saved a new version (its values are the form's new starting point).
  const key = props.record ? `${props.record.id}:${props.record.version}` : 'new';
  return <RecordForm key={key} {...props} tab={tab} onTab={setTab} />;
}

function RecordForm({
  table,
  record,
  linkedTables,
  onSaved,
  onClose,
  tab,
  onTab,
}: Props & { tab: RecordTab; onTab: (tab: RecordTab) => void }) {
  const createRecord = useCreateRecord(table.id);
  const update = useRecordUpdate(table);
  const [serverError, setServerError] = useState<string | null>(null);
  const resolver = useMemo(() => createRecordResolver(table.fields), [table.fields]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RecordFormValues, unknown, RecordData>({
    resolver,
    defaultValues: toRecordFormValues(table.fields, record?.data ?? null),
  });
  const hasFileFields = table.fields.some((field) => field.type === 'file');
  const fileFields = useRecordFileFields(table.id, record);
  const isLong = table.fields.length > VIRTUAL_LIST_THRESHOLD;
  const { filter, setFilter, shown, firstError, showError } = useShownFields(table.fields);
  const onInvalid = (invalid: FieldErrors<RecordFormValues>) => {
    const index = invalid.values?.findIndex?.((entry) => entry !== undefined) ?? -1;
    showError(index >= 0 ? index : null);
  };

  const onSaveFailed = (error: unknown) => {
    const indices = readValidationIssues(error).map((issue) => {
      const index = findFieldIndex(table.fields, issue.loc);
      if (index >= 0) {
        setError(`values.${index}`, { type: 'server', message: issue.msg });
      }
      return index;
    });
    const first = Math.min(...indices.filter((index) => index >= 0));
    showError(Number.isFinite(first) ? first : null);
    const detail = describeServerError(error);
    setServerError(detail ? `Failed to save record. ${detail}` : 'Failed to save record.');
  };
  const onUpdated = (isSaved: boolean) => {
    if (isSaved) {
      notify.success('Record updated successfully');
      onClose();
    }
  };
  const resolveConflict = async (choices: ReadonlyMap<string, RecordChoice>) => {
    setServerError(null);
    try {
      onUpdated(await update.resolve(choices));
    } catch (error) {
      onSaveFailed(error);
    }
  };

  const onSubmit = async (data: RecordData) => {
    setServerError(null);
    try {
      if (record) {
        // Only what this form changed goes out: someone else's other changes stay.
        onUpdated(await update.save(record, pickChangedValues(table.fields, record.data, data)));
        return;
      }
      const created = await createRecord.mutateAsync(data);
      notify.success('Record added successfully');
      if (hasFileFields) {
        onSaved(created);
      } else {
        onClose();
      }
    } catch (error) {
      onSaveFailed(error);
    }
  };
  const isBusy = isSubmitting || update.isResolving;
  const isHistory = record !== null && tab === 'history' && !update.conflict;
  const withTabs = (details: ReactNode) =>
    record && !update.conflict ? (
      <RecordTabs
        value={tab}
        onChange={onTab}
        panels={{
          details,
          history: <RecordHistoryPanel table={table} record={record} onRestored={onSaved} />,
        }}
      />
    ) : (
      details
    );

  return (
    <Modal
      title={
        record
          ? update.conflict
            ? 'Resolve Conflicting Changes'
            : 'Edit Record'
          : 'Add New Record'
      }
      size="lg"
      onClose={onClose}
      isBusy={isBusy}
      footer={
        update.conflict ? null : isHistory ? (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={isBusy}>
              {record && hasFileFields ? 'Close' : 'Cancel'}
            </Button>
            <Button type="submit" form="record-form" disabled={isBusy}>
              {isSubmitting ? 'Saving...' : 'Save Record'}
            </Button>
          </>
        )
      }
    >
      {update.conflict ? (
        <RecordConflictChoices
          conflict={update.conflict}
          linkedTables={linkedTables}
          isSaving={update.isResolving}
          onResolve={(choices) => void resolveConflict(choices)}
          onBack={update.dismiss}
        />
      ) : null}
      {withTabs(
        <>
          {update.conflict ? null : <ErrorBanner message={serverError} />}
          <form
            id="record-form"
            hidden={update.conflict !== null}
            noValidate
            className="space-y-4"
            onSubmit={(event) => void handleSubmit(onSubmit, onInvalid)(event)}
          >
            {isLong ? (
              <FieldFilter
                value={filter}
                onChange={setFilter}
                shown={shown.length}
                total={table.fields.length}
              />
            ) : null}
            {shown.length === 0 ? (
              <NoFieldsMatch query={filter} onClear={() => setFilter('')} />
            ) : null}
            <VirtualList
              count={shown.length}
              total={table.fields.length}
              estimateSize={72}
              label="Record fields"
              itemClassName="pb-4"
              getKey={(position) => table.fields[shown[position] ?? -1]?.name ?? position}
              scrollToIndex={firstError === null ? null : Math.max(0, shown.indexOf(firstError))}
              renderItem={(position) => {
                const index = shown[position] ?? -1;
                const field = table.fields[index];
                if (!field) {
                  return null;
                }
                return field.type === 'file' ? (
                  <RecordFileField
                    recordId={record?.id ?? null}
                    field={field}
                    state={fileFields.stateOf(field.name)}
                    onPick={(file) => void fileFields.pick(field.name, file)}
                    onRemove={(file) => void fileFields.remove(field.name, file)}
                    isRemoving={fileFields.isRemoving}
                  />
                ) : (
                  <RecordFieldInput
                    field={field}
                    index={index}
                    register={register}
                    control={control}
                    error={errors.values?.[index]?.message}
                    linked={
                      field.linked_table_id ? linkedTables.get(field.linked_table_id) : undefined
                    }
                  />
                );
              }}
            />
          </form>
        </>,
      )}
    </Modal>
  );
}
