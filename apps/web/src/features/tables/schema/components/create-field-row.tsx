import { CREATE_FORM_FIELD_TYPES, FIELD_TYPE_LABELS } from '@formbridge/contract/tables';
import type { UseFormRegister } from 'react-hook-form';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import type { CreateTableForm } from './table-create-dialog';
import { RemoveRowButton } from './remove-row-button';

type Props = {
  index: number;
  register: UseFormRegister<CreateTableForm>;
  error: string | undefined;
  /** Absent when this is the only row: a table needs at least one field. */
  onRemove: (() => void) | undefined;
};

/** One field of the create form: name, one of the first six types, required. */
export function CreateFieldRow({ index, register, error, onRemove }: Props) {
  const number = index + 1;
  return (
    <div className="grid grid-cols-[1fr_auto] items-start gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-[1fr_10rem_6rem_2.5rem] sm:bg-transparent sm:p-0">
      <TextField
        label={`Field ${number} name`}
        placeholder="Field name"
        phoneLabel={{ text: 'Name', hiddenFrom: 'sm' }}
        error={error}
        className="col-span-2 sm:col-span-1"
        {...register(`fields.${index}.name`)}
      />
      <SelectField
        label={`Field ${number} type`}
        isLabelHidden
        {...register(`fields.${index}.type`)}
      >
        {CREATE_FORM_FIELD_TYPES.map((type) => (
          <option key={type} value={type}>
            {FIELD_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <CheckboxField
        label={`Field ${number} required`}
        isLabelHidden
        phoneLabel="Required"
        className="h-9.5"
        {...register(`fields.${index}.required`)}
      />
      {onRemove ? <RemoveRowButton label={`Remove field ${number}`} onClick={onRemove} /> : null}
    </div>
  );
}
