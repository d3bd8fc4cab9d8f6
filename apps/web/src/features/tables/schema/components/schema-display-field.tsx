import { DISPLAY_FIELD_TYPES } from '@formbridge/contract/tables';
import { useWatch } from 'react-hook-form';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { SelectField } from '../../../../components/ui/select-field';
import type { SchemaForm } from '../utils/schema-form';

/** The display field names records everywhere (links, forms); only Text, Email or Number. */
export function SchemaDisplayField({ form }: { form: SchemaForm }) {
  const { register, control, formState } = form;
  const isEnabled = useWatch({ control, name: 'use_display_field' });
  const fields = useWatch({ control, name: 'fields' });
  const choices = fields.filter(
    (field) => DISPLAY_FIELD_TYPES.includes(field.type) && field.name.trim() !== '',
  );
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">Display Field</legend>
      <CheckboxField
        label="Use a display field to name records"
        {...register('use_display_field')}
      />
      {isEnabled ? (
        <SelectField
          label="Display field"
          error={formState.errors.display_field_row?.message}
          {...register('display_field_row')}
        >
          <option value="">Select a field</option>
          {choices.map((field) => (
            <option key={field.key} value={field.key}>
              {field.name.trim()}
            </option>
          ))}
        </SelectField>
      ) : null}
    </fieldset>
  );
}
