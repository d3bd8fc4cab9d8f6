import { getPublicFormErrors } from '@formbridge/contract/public-form-rules';
import type {
  PublicDataField,
  PublicDataFile,
  PublicDataUpload,
} from '@formbridge/contract/public-links';
import { applyPrefill, readPrefill } from '@formbridge/contract/embed';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import {
  fieldErrorsFromBody,
  publicDataUploadUrl,
  removePublicDataFile,
  usePublicDataForm,
  useSubmitPublicDataForm,
} from '../api/public-forms-api';
import { useEmbedBridge } from '../utils/embed-bridge';
import { revealInvalidFields } from '../utils/reveal-invalid';
import { PublicFieldInput } from './public-field-input';
import { PublicFileField } from './public-file-field';
import { PublicNotice, PublicPageFrame } from './public-page-frame';

type Upload = { fieldId: string; percent: number };

/**
 * /public-data-form/{token}: an outsider updates their own record, files included.
 * /embed/data-form/{token}: the same inside another site's page (`isEmbedded`). Both take
 * `?prefill.<field>=…` for fields the record leaves empty (a stored value is never replaced).
 */
export function PublicDataFormPage({ isEmbedded = false }: { isEmbedded?: boolean }) {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const notifyParent = useEmbedBridge(isEmbedded);
  const form = usePublicDataForm(token);
  const prefilled = useMemo(
    () => (form.data ? applyPrefill(form.data.fields, readPrefill(search)) : {}),
    [form.data, search],
  );
  const submit = useSubmitPublicDataForm(token);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [files, setFiles] = useState<Record<string, PublicDataFile[]> | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const loadError = describeError(form.error, 'Failed to load form');

  useEffect(() => {
    if (form.isError) {
      notify.error(loadError);
    }
  }, [form.isError, loadError]);

  if (form.isPending) {
    return (
      <PublicPageFrame title="Update Your Information" isEmbedded={isEmbedded}>
        <p className="text-center text-sm text-slate-500">Loading...</p>
      </PublicPageFrame>
    );
  }
  if (!form.data) {
    return (
      <PublicPageFrame title="Update Your Information" isEmbedded={isEmbedded}>
        <PublicNotice title="Error" message={loadError} />
      </PublicPageFrame>
    );
  }

  const fields = form.data.fields;
  const filesOf = (field: PublicDataField) => files?.[field.id] ?? field.uploaded_files;
  const valueOf = (field: PublicDataField) =>
    Object.hasOwn(values, field.id)
      ? values[field.id]
      : Object.hasOwn(prefilled, field.id)
        ? prefilled[field.id]
        : field.current_value;

  const onUpload = async (field: PublicDataField, file: File) => {
    const body = new FormData();
    body.append('field_name', field.id);
    body.append('file', file);
    setUpload({ fieldId: field.id, percent: 0 });
    try {
      const uploaded = await uploadWithProgress<PublicDataUpload>(
        publicDataUploadUrl(token),
        body,
        (percent) => setUpload({ fieldId: field.id, percent }),
      );
      setFiles((current) => ({ ...current, [field.id]: [...filesOf(field), uploaded] }));
      setErrors(({ [field.id]: _removed, ...rest }) => rest);
      notify.success('File uploaded successfully');
    } catch (caught) {
      notify.error(describeError(caught, 'Failed to upload file'));
    } finally {
      setUpload(null);
    }
  };

  const onRemove = async (field: PublicDataField, file: PublicDataFile) => {
    try {
      await removePublicDataFile(token, file.id);
      setFiles((current) => ({
        ...current,
        [field.id]: filesOf(field).filter((item) => item.id !== file.id),
      }));
      notify.success('File removed');
    } catch (caught) {
      notify.error(describeError(caught, 'Failed to remove file'));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const rules = fields.map((field) => ({
      ...field,
      current_value: valueOf(field),
      has_files: filesOf(field).length > 0,
    }));
    const formElement = event.currentTarget as HTMLFormElement;
    const labelOf = (id: string) => fields.find((field) => field.id === id)?.label ?? id;
    const entered = { ...prefilled, ...values };
    const found = getPublicFormErrors(rules, entered, 'data');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      revealInvalidFields(formElement, found, labelOf);
      return;
    }
    const fileIds = Object.fromEntries(
      fields
        .filter((field) => field.type === 'file')
        .map((field) => [field.id, filesOf(field).map((file) => file.id)]),
    );
    try {
      await submit.mutateAsync({ form_data: entered, files: fileIds });
      notify.success('Your information has been successfully submitted');
      setIsSubmitted(true);
      // The page shows no record id to visitors; the embedding site knows the link by its token.
      notifyParent(token);
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

  return (
    <PublicPageFrame
      title={form.data.table_name || 'Update Your Information'}
      isEmbedded={isEmbedded}
    >
      <div className="mx-auto max-w-2xl">
        {isSubmitted ? (
          <PublicNotice
            title="Information Submitted"
            message="Thank you for providing your information. Your data has been successfully saved."
          />
        ) : (
          <form
            onSubmit={onSubmit}
            noValidate
            className="space-y-5 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            {form.data.custom_message ? (
              <p className="rounded-md bg-indigo-50 p-3 text-sm whitespace-pre-line text-indigo-900">
                {form.data.custom_message}
              </p>
            ) : null}
            {fields.map((field) =>
              field.type === 'file' ? (
                <PublicFileField
                  key={field.id}
                  label={field.label}
                  required={field.required}
                  files={filesOf(field)}
                  progress={upload?.fieldId === field.id ? upload.percent : null}
                  isUploadBlocked={upload !== null}
                  error={errors[field.id]}
                  onUpload={(file) => void onUpload(field, file)}
                  onTooLarge={(message) => setErrors({ ...errors, [field.id]: message })}
                  onRemove={(file) => void onRemove(field, file)}
                />
              ) : (
                <PublicFieldInput
                  key={field.id}
                  type={field.type}
                  label={field.label}
                  required={field.required}
                  description={field.description}
                  value={valueOf(field) ?? (field.type === 'checkbox' ? false : '')}
                  error={errors[field.id]}
                  onChange={(value) => {
                    setValues({ ...values, [field.id]: value });
                    setErrors(({ [field.id]: _fixed, ...rest }) => rest);
                  }}
                />
              ),
            )}
            <Button type="submit" className="w-full" disabled={submit.isPending || upload !== null}>
              {submit.isPending ? 'Submitting...' : 'Submit'}
            </Button>
          </form>
        )}
      </div>
    </PublicPageFrame>
  );
}
