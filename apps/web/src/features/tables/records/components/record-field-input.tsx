import type { Field } from '@formbridge/contract/tables';
import type { ComponentProps } from 'react';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import type { LinkedTable } from '../hooks/use-linked-tables';
import type { RecordData } from '../api/records-api';
import type { RecordFormValues } from '../utils/record-form';

type Props = {
  field: Field;
  index: number;
  register: UseFormRegister<RecordFormValues>;
  control: Control<RecordFormValues, unknown, RecordData>;
  error: string | undefined;
  linked: LinkedTable | undefined;
};

const INPUT_TYPES = { string: 'text', number: 'number', date: 'date', email: 'email' } as const;

function labelOf(field: Field): string {
  return field.required ? `${field.label} *` : field.label;
}

/** The input for one non-file field, by its type (spec §5 Record form). */
export function RecordFieldInput({ field, index, register, control, error, linked }: Props) {
  const path = `values.${index}` as const;
  if (field.type === 'boolean') {
    return <CheckboxField label={field.label} {...register(path)} />;
  }
  if (field.type === 'link') {
    // Controlled: the options arrive after the form, and the stored choice must show once they do.
    return (
      <Controller
        control={control}
        name={path}
        render={({ field: input }) => (
          <LinkSelect
            field={field}
            error={error}
            linked={linked}
            name={input.name}
            ref={input.ref}
            value={typeof input.value === 'string' ? input.value : ''}
            onChange={(event) => input.onChange(event.target.value)}
            onBlur={input.onBlur}
          />
        )}
      />
    );
  }
  const type = field.type === 'file' ? 'text' : INPUT_TYPES[field.type];
  return (
    <TextField
      label={labelOf(field)}
      type={type}
      step={type === 'number' ? 'any' : undefined}
      aria-required={field.required || undefined}
      error={error}
      {...register(path)}
    />
  );
}

type LinkSelectProps = Pick<Props, 'field' | 'error' | 'linked'> &
  Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>;

/** A link field chooses one record of the linked table, by the record's display name. */
function LinkSelect({ field, error, linked, ...select }: LinkSelectProps) {
  const records = linked?.records;
  const tableName = linked?.table?.name ?? 'the linked table';
  const isEmpty = records !== undefined && records.length === 0;
  return (
    <div>
      <SelectField
        label={labelOf(field)}
        aria-required={field.required || undefined}
        error={error}
        disabled={records === undefined || isEmpty}
        {...select}
      >
        <option value="">{records === undefined ? 'Loading records...' : 'Select a record'}</option>
        {(records ?? []).map((record) => (
          <option key={record.id} value={record.id}>
            {record.computed.display_name}
          </option>
        ))}
      </SelectField>
      {isEmpty ? (
        <p className="mt-1 text-sm text-slate-500">No records available in {tableName}</p>
      ) : null}
    </div>
  );
}
