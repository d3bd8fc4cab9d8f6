import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { TextField } from '../../../../components/ui/text-field';
import { newRuleRow, type SchemaForm } from '../utils/schema-form';
import { RemoveRowButton } from './remove-row-button';

type SourceOption = { key: string; name: string };

/**
 * Combination rules: a name, a label, the source fields joined in the order they were ticked,
 * and a separator (', ' unless changed). File fields have no text to join and are not offered.
 */
export function SchemaRulesEditor({ form }: { form: SchemaForm }) {
  const { control } = form;
  const rules = useFieldArray({ control, name: 'combination_rules', keyName: 'rowId' });
  const fields = useWatch({ control, name: 'fields' });
  const sources: SourceOption[] = fields
    .filter((field) => field.type !== 'file' && field.name.trim() !== '')
    .map((field) => ({ key: field.key, name: field.name.trim() }));

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">Combination Rules</legend>
      <p className="text-sm text-slate-500">
        A combination joins the values of several fields into one read-only column, such as a full
        name from first and last names.
      </p>
      {rules.fields.map((rule, index) => (
        <RuleEditor
          key={rule.rowId}
          form={form}
          index={index}
          sources={sources}
          onRemove={() => rules.remove(index)}
        />
      ))}
      <Button variant="secondary" onClick={() => rules.append(newRuleRow())}>
        Add Combination Rule
      </Button>
    </fieldset>
  );
}

type RuleProps = {
  form: SchemaForm;
  index: number;
  sources: SourceOption[];
  onRemove: () => void;
};

function RuleEditor({ form, index, sources, onRemove }: RuleProps) {
  const { register, control, formState } = form;
  const number = index + 1;
  const errors = formState.errors.combination_rules?.[index];
  const sourcesError = errors?.source_keys?.message;
  return (
    <div className="space-y-3 rounded-md p-3 ring-1 ring-slate-200">
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_8rem_2.5rem]">
        <TextField
          label={`Rule ${number} name`}
          error={errors?.name?.message}
          {...register(`combination_rules.${index}.name`)}
        />
        <TextField
          label={`Rule ${number} label`}
          placeholder="Same as name"
          error={errors?.label?.message}
          {...register(`combination_rules.${index}.label`)}
        />
        <TextField
          label={`Rule ${number} separator`}
          {...register(`combination_rules.${index}.separator`)}
        />
        <div className="sm:pt-6">
          <RemoveRowButton label={`Remove rule ${number}`} onClick={onRemove} />
        </div>
      </div>
      <Controller
        control={control}
        name={`combination_rules.${index}.source_keys`}
        render={({ field }) => (
          <fieldset aria-describedby={sourcesError ? `rule-${number}-sources-error` : undefined}>
            <legend className="text-sm font-medium text-slate-700">
              Rule {number} source fields
            </legend>
            {sources.length === 0 ? (
              <p className="mt-1 text-sm text-slate-500">Add a named field first.</p>
            ) : (
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {sources.map((source) => (
                  <CheckboxField
                    key={source.key}
                    label={source.name}
                    checked={field.value.includes(source.key)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...field.value, source.key]
                          : field.value.filter((key) => key !== source.key),
                      )
                    }
                  />
                ))}
              </div>
            )}
            {sourcesError ? (
              <p id={`rule-${number}-sources-error`} className="mt-1 text-sm text-red-600">
                {sourcesError}
              </p>
            ) : null}
          </fieldset>
        )}
      />
    </div>
  );
}
