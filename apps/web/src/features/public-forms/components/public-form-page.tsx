import { getPublicFormErrors } from '@formbridge/contract/public-form-rules';
import type { PublicFormField } from '@formbridge/contract/public-links';
import { applyPrefill, readPrefill } from '@formbridge/contract/embed';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PdfPagedViewer } from '../../../components/pdf/pdf-paged-viewer';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { getDefaultZoom } from '../../../lib/device';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { fieldErrorsFromBody, usePublicForm, useSubmitPublicForm } from '../api/public-forms-api';
import { useEmbedBridge } from '../utils/embed-bridge';
import { revealInvalidFields } from '../utils/reveal-invalid';
import { PublicFieldInput } from './public-field-input';
import { PublicNotice, PublicPageFrame } from './public-page-frame';

function initialValues(
  fields: PublicFormField[],
  prefill: Readonly<Record<string, string>>,
): Record<string, unknown> {
  return {
    ...Object.fromEntries(
      fields.map((field) => [
        field.id,
        field.current_value ?? (field.type === 'checkbox' ? false : ''),
      ]),
    ),
    ...applyPrefill(fields, prefill),
  };
}

/**
 * /public-form/{token}: the document beside a form that updates the record it was made from.
 * /embed/form/{token}: the same inside another site's page (`isEmbedded`). Both take
 * `?prefill.<field>=…` for fields the record leaves empty.
 */
export function PublicFormPage({ isEmbedded = false }: { isEmbedded?: boolean }) {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const prefill = useMemo(() => readPrefill(search), [search]);
  const notifyParent = useEmbedBridge(isEmbedded);
  const form = usePublicForm(token);
  const submit = useSubmitPublicForm(token);
  const [values, setValues] = useState<Record<string, unknown> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const isUnavailable = form.error instanceof ApiError && [404, 410].includes(form.error.status);

  useEffect(() => {
    if (form.isError) {
      notify.error(isUnavailable ? 'Invalid or expired form link' : 'Failed to load form');
    }
  }, [form.isError, isUnavailable]);

  if (form.isPending) {
    return (
      <PublicPageFrame title="Form" isEmbedded={isEmbedded}>
        <Spinner label="Loading..." />
      </PublicPageFrame>
    );
  }
  if (!form.data) {
    return (
      <PublicPageFrame title="Form" isEmbedded={isEmbedded}>
        <PublicNotice
          title="Form Not Available"
          message="This form link is invalid or has expired. Please request a new link from the form administrator."
        />
      </PublicPageFrame>
    );
  }

  const { templateName, pdfUrl, fields } = form.data.formData;
  const current = values ?? initialValues(fields, prefill);
  const documentFields = fields.filter((field) => field.mapped_to_template);
  const otherFields = fields.filter((field) => !field.mapped_to_template);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const labelOf = (id: string) => fields.find((field) => field.id === id)?.label ?? id;
    const found = getPublicFormErrors(fields, current, 'document');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      revealInvalidFields(formElement, found, labelOf);
      return;
    }
    try {
      const submitted = await submit.mutateAsync(current);
      notify.success('Form submitted successfully');
      setIsSubmitted(true);
      notifyParent(submitted.completed_form_id);
    } catch (caught) {
      const refused = caught instanceof ApiError ? fieldErrorsFromBody(caught.body) : {};
      setErrors(refused);
      notify.error(
        Object.keys(refused).length > 0
          ? 'Failed to submit form'
          : describeError(caught, 'Failed to submit form'),
      );
      revealInvalidFields(formElement, refused, labelOf, { withToast: false });
    }
  };

  const renderGroup = (title: string, note: string, group: PublicFormField[]) =>
    group.length === 0 ? null : (
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">{title}</legend>
        <p className="-mt-3 text-xs text-slate-500">{note}</p>
        {group.map((field) => (
          <PublicFieldInput
            key={field.id}
            type={field.type}
            label={field.label}
            required={field.required}
            options={field.options}
            value={current[field.id]}
            error={errors[field.id]}
            onChange={(value) => {
              setValues({ ...current, [field.id]: value });
              setErrors(({ [field.id]: _fixed, ...rest }) => rest);
            }}
          />
        ))}
      </fieldset>
    );

  return (
    <PublicPageFrame title={templateName || 'Form'} isEmbedded={isEmbedded}>
      <div className="grid gap-6 lg:grid-cols-2">
        <PdfPagedViewer
          title="Document"
          fileUrl={pdfUrl}
          initialZoom={Math.max(60, getDefaultZoom())}
        />
        <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
          {isSubmitted ? (
            <PublicNotice
              title="Form Submitted Successfully"
              message="Thank you for completing the form. Your submission has been received."
              action={
                <Button
                  onClick={() => {
                    setIsSubmitted(false);
                    void form.refetch().then(() => setValues(null));
                  }}
                >
                  Submit Another Response
                </Button>
              }
            />
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-6">
              <div>
                <h2 className="text-lg font-semibold text-slate-900">Fill Out Form</h2>
                <p className="text-sm text-slate-500">Please complete all required fields below.</p>
              </div>
              {renderGroup(
                'Document Fields',
                'These fields will be used to fill out the document.',
                documentFields,
              )}
              {renderGroup(
                'Additional Information',
                'Please provide any additional information to complete your profile.',
                otherFields,
              )}
              <Button type="submit" className="w-full" disabled={submit.isPending}>
                {submit.isPending ? 'Submitting...' : 'Submit Form'}
              </Button>
            </form>
          )}
        </section>
      </div>
    </PublicPageFrame>
  );
}
