import { zodResolver } from '@hookform/resolvers/zod';
import type { CreateTableBody } from '@formbridge/contract/tables';
import { buildCreateTableFormSchema } from '@formbridge/contract/tables-validation';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../../components/ui/button';
import { ErrorBanner } from '../../../../components/ui/error-banner';
import { Modal } from '../../../../components/ui/modal';
import { TextField } from '../../../../components/ui/text-field';
import { describeError } from '../../../../lib/describe-error';
import { notify } from '../../../../lib/toast';
import { useCreateTable } from '../../api/tables-api';
import { CreateFieldRow } from './create-field-row';

// The create form offers no link type, so no table can be linked to.
const createTableSchema = buildCreateTableFormSchema({ linkableTableIds: [] });

export type CreateTableForm = z.input<typeof createTableSchema>;
const EMPTY_FIELD = { name: '', type: 'string', required: false } as const;

/** 'Create New Dynamic Table': a name and field rows, checked with the contract's table rules. */
export function TableCreateDialog({ onClose }: { onClose: () => void }) {
  const createTable = useCreateTable();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateTableForm, unknown, CreateTableBody>({
    resolver: zodResolver(createTableSchema),
    defaultValues: { name: '', fields: [{ ...EMPTY_FIELD }] },
  });
  const rows = useFieldArray({ control, name: 'fields' });
  const fieldsError = errors.fields?.root?.message ?? errors.fields?.message;

  const onSubmit = async (body: CreateTableBody) => {
    setServerError(null);
    try {
      await createTable.mutateAsync(body);
      notify.success('Table created successfully');
      onClose();
    } catch (error) {
      setServerError(describeError(error, 'Failed to create table'));
    }
  };

  return (
    <Modal
      title="Create New Dynamic Table"
      size="lg"
      onClose={onClose}
      isBusy={createTable.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={createTable.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="table-create-form" disabled={createTable.isPending}>
            {createTable.isPending ? 'Creating...' : 'Create Table'}
          </Button>
        </>
      }
    >
      <form
        id="table-create-form"
        noValidate
        className="space-y-5"
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <ErrorBanner message={serverError} />
        <TextField label="Table name" error={errors.name?.message} {...register('name')} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Fields</legend>
          <div className="hidden grid-cols-[1fr_10rem_6rem_2.5rem] gap-3 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:grid">
            <span>Name</span>
            <span>Type</span>
            <span>Required</span>
          </div>
          {rows.fields.map((row, index) => (
            <CreateFieldRow
              key={row.id}
              index={index}
              register={register}
              error={errors.fields?.[index]?.name?.message}
              onRemove={rows.fields.length > 1 ? () => rows.remove(index) : undefined}
            />
          ))}
          {fieldsError ? <p className="text-sm text-red-600">{fieldsError}</p> : null}
          <Button variant="secondary" onClick={() => rows.append({ ...EMPTY_FIELD })}>
            Add Field
          </Button>
        </fieldset>
      </form>
    </Modal>
  );
}
