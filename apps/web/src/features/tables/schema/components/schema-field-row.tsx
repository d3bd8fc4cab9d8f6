import { FIELD_TYPE_LABELS, FIELD_TYPES } from '@formbridge/contract/tables';
import { TABLE_MESSAGES } from '@formbridge/contract/tables-validation';
import { useWatch } from 'react-hook-form';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import type { SchemaForm } from '../utils/schema-form';
import { RemoveRowButton } from './remove-row-button';

type Props = {
  index: number;
  form: SchemaForm;
  /** The tables a link field may point at: every table but this one. */
  linkableTables: ReadonlyArray<{ id: string; name: string }>;
  onRemove: (() => void) | undefined;
};

/** One field of the schema editor: name, label, type (all seven), linked table, required. */
export function SchemaFieldRow({ index, form, linkableTables, onRemove }: Props) {
  const { register, setValue, control, formState } = form;
  const number = index + 1;
  const type = useWatch({ control, name: `fields.${index}.type` });
  const errors = formState.errors.fields?.[index];
  const typeError = errors?.type?.message;
  const hasNoLinkableTables = linkableTables.length === 0;

  return (
    <div className="grid grid-cols-2 items-start gap-2 rounded-md bg-slate-50 p-3 md:grid-cols-[1fr_1fr_9rem_10rem_4.5rem_2.5rem] md:bg-transparent md:p-0">
      <TextField
        label={`Field ${number} name`}
        placeholder="Field name"
        phoneLabel={{ text: 'Name', hiddenFrom: 'md' }}
        error={errors?.name?.message}
        {...register(`fields.${index}.name`)}
      />
      <TextField
        label={`Field ${number} label`}
        placeholder="Same as name"
        phoneLabel={{ text: 'Label', hiddenFrom: 'md' }}
        error={errors?.label?.message}
        {...register(`fields.${index}.label`)}
      />
      <SelectField
        label={`Field ${number} type`}
        isLabelHidden
        error={
          hasNoLinkableTables && typeError === TABLE_MESSAGES.noLinkableTables
            ? undefined
            : typeError
        }
        {...register(`fields.${index}.type`, {
          // Spec §5: a field that stops being a link forgets its linked table.
          onChange: (event: { target: { value: string } }) => {
            if (event.target.value !== 'link') {
              setValue(`fields.${index}.linked_table_id`, '');
            }
          },
        })}
      >
        {FIELD_TYPES.map((option) => (
          <option key={option} value={option}>
            {FIELD_TYPE_LABELS[option]}
          </option>
        ))}
      </SelectField>
      {type !== 'link' ? (
        <span className="hidden md:block" />
      ) : hasNoLinkableTables ? (
        <p className="text-sm text-red-600">{TABLE_MESSAGES.noLinkableTables}</p>
      ) : (
        <SelectField
          label={`Field ${number} linked table`}
          isLabelHidden
          error={errors?.linked_table_id?.message}
          {...register(`fields.${index}.linked_table_id`)}
        >
          <option value="">Select a table</option>
          {linkableTables.map((table) => (
            <option key={table.id} value={table.id}>
              {table.name}
            </option>
          ))}
        </SelectField>
      )}
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
