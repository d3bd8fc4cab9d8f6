import { zodResolver } from '@hookform/resolvers/zod';
import {
  addendumReference,
  templateFillSettingsSchema,
  type TemplateFillSettings,
} from '@formbridge/contract/templates';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useUpdateFillSettings } from '../api/templates-api';

/** How generation fills this template: legibility floor, read-only fields, addendum. */
export function TemplateFillSettingsForm({
  templateId,
  settings,
  isReadOnly = false,
}: {
  templateId: string;
  settings: TemplateFillSettings;
  /** A Viewer reads the settings; the inputs are disabled and there is nothing to save. */
  isReadOnly?: boolean;
}) {
  const update = useUpdateFillSettings(templateId);
  const { register, handleSubmit, formState, control, reset } = useForm({
    resolver: zodResolver(templateFillSettingsSchema),
    defaultValues: settings,
  });
  const addendum = useWatch({ control, name: 'addendum' });
  const reference = useWatch({ control, name: 'addendum_reference' });
  const onSubmit = async (values: TemplateFillSettings) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(saved.fill_settings);
      notify.success('Fill settings saved');
    } catch (error) {
      notify.error(describeError(error, 'Failed to save fill settings'));
    }
  };
  return (
    <section
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="fill-settings-heading"
    >
      <h2 id="fill-settings-heading" className="font-semibold text-slate-900">
        Fill settings
      </h2>
      <p className="mt-1 text-sm text-slate-500">
        What generation does with small text, read-only fields and values too long for their box.
        Every case is listed in the form&apos;s fill report.
      </p>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="mt-3">
        <fieldset disabled={isReadOnly} className="space-y-3">
          <TextField
            label="Legibility floor (pt)"
            type="number"
            step="0.5"
            min={2}
            max={24}
            error={formState.errors.legibility_floor?.message}
            {...register('legibility_floor', { valueAsNumber: true })}
          />
          <SelectField
            label="Read-only fields"
            error={formState.errors.read_only?.message}
            {...register('read_only')}
          >
            <option value="fill">Fill them and list them in the report</option>
            <option value="skip">Leave them as they are and list them in the report</option>
          </SelectField>
          <CheckboxField
            label="Continue long values on an addendum page"
            {...register('addendum')}
          />
          {addendum ? (
            <TextField
              label="Reference shown in the box ({n} = item number)"
              error={formState.errors.addendum_reference?.message}
              {...register('addendum_reference')}
            />
          ) : null}
          {addendum && reference ? (
            <p className="text-xs text-slate-500">
              A long value&apos;s box will read &ldquo;{addendumReference(reference, 3)}&rdquo;.
            </p>
          ) : null}
          {isReadOnly ? null : (
            <Button type="submit" disabled={formState.isSubmitting || !formState.isDirty}>
              {formState.isSubmitting ? 'Saving...' : 'Save fill settings'}
            </Button>
          )}
        </fieldset>
      </form>
    </section>
  );
}
