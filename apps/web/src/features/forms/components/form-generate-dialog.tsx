import type { CompletedFormWithEmail } from '@formbridge/contract/completed-forms';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Modal } from '../../../components/ui/modal';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import {
  splitRecipients,
  useFormTables,
  useFormTemplates,
  useGenerateForm,
  useTableRecords,
  useTemplateMappingsFor,
} from '../api/forms-api';
import { formatCount } from '../../../lib/format';
import { FormGenerateResult, needsReview } from './form-generate-result';
import { TemplateRevisionSelect } from '../../../components/template-revision/template-revision-select';

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-50';

/** 'Generate Completed Form': template → a table mapped to it → record, optionally e-mailed. */
type Props = {
  onClose: () => void;
  /** Chosen on opening (the mapping screen's Generate Forms); the user may still change them. */
  initialTemplateId?: string;
  initialTableId?: string;
};

export function FormGenerateDialog({
  onClose,
  initialTemplateId = '',
  initialTableId = '',
}: Props) {
  const templates = useFormTemplates();
  const tables = useFormTables();
  const generate = useGenerateForm();
  const [templateId, setTemplateId] = useState(initialTemplateId);
  const [chosenTableId, setChosenTableId] = useState(initialTableId);
  const [recordId, setRecordId] = useState('');
  const [revision, setRevision] = useState('');
  const [sendEmail, setSendEmail] = useState(false);
  const [recipients, setRecipients] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CompletedFormWithEmail | null>(null);
  const mappings = useTemplateMappingsFor(templateId);

  const mappedTables = useMemo(() => {
    const ids = new Set((mappings.data ?? []).map((mapping) => mapping.mapped_table_id));
    return (tables.data ?? []).filter((table) => ids.has(table.id));
  }, [mappings.data, tables.data]);
  // Exactly one mapped table is chosen for the user (spec §2).
  const tableId = chosenTableId || (mappedTables.length === 1 ? (mappedTables[0]?.id ?? '') : '');
  const records = useTableRecords(tableId);

  useEffect(() => {
    if (mappings.isError) {
      notify.error('Failed to load template mappings');
    }
    if (records.isError) {
      notify.error('Failed to load table records');
    }
  }, [mappings.isError, records.isError]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!templateId || !tableId || !recordId) {
      setError('Please select a template, table, and record');
      return;
    }
    const addresses = sendEmail ? splitRecipients(recipients) : [];
    if (sendEmail && addresses.length === 0) {
      setError('Please provide at least one email recipient');
      return;
    }
    setError(null);
    try {
      const form = await generate.mutateAsync({
        templateId,
        tableId,
        recordId,
        recipients: addresses,
        ...(revision === '' ? {} : { templateRevision: Number(revision) }),
      });
      notify.success('Form generated successfully');
      if (form.email?.error) {
        notify.warning(`The form was generated but not e-mailed: ${form.email.error}`);
      } else if (form.email && form.email.rejected.length > 0) {
        notify.warning(`Not delivered to: ${form.email.rejected.join(', ')}`);
      }
      // A report with problems or notes is shown before the download; a clean one is not.
      if (needsReview(form)) {
        setResult(form);
      } else {
        onClose();
      }
    } catch (caught) {
      setError(describeError(caught, 'Failed to generate form'));
    }
  };

  const hasTemplate = templateId !== '';
  if (result) {
    return <FormGenerateResult form={result} onClose={onClose} />;
  }
  return (
    <Modal
      title="Generate Completed Form"
      onClose={onClose}
      isBusy={generate.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={generate.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="generate-form" disabled={generate.isPending}>
            {generate.isPending ? 'Generating...' : 'Generate Form'}
          </Button>
        </>
      }
    >
      <form
        id="generate-form"
        onSubmit={onSubmit}
        noValidate
        // Any change answers the last error: no stale banner over a new choice.
        onChange={() => setError(null)}
        className="space-y-4"
      >
        <ErrorBanner message={error} />
        <label className="block text-sm font-medium text-slate-700">
          Template
          <select
            className={selectClass}
            value={templateId}
            onChange={(event) => {
              setTemplateId(event.target.value);
              setChosenTableId('');
              setRecordId('');
              setRevision('');
            }}
          >
            <option value="">Select a template...</option>
            {(templates.data ?? []).map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        </label>
        {hasTemplate ? (
          <TemplateRevisionSelect
            templateId={templateId}
            value={revision}
            onChange={setRevision}
            className={selectClass}
          />
        ) : null}
        <label className="block text-sm font-medium text-slate-700">
          Table
          <select
            className={selectClass}
            value={tableId}
            disabled={!hasTemplate || mappedTables.length === 0}
            onChange={(event) => {
              setChosenTableId(event.target.value);
              setRecordId('');
            }}
          >
            <option value="">Select a table...</option>
            {mappedTables.map((table) => (
              <option key={table.id} value={table.id}>
                {table.name} ({formatCount(table.fields.length, 'field')})
              </option>
            ))}
          </select>
        </label>
        {hasTemplate && mappings.isSuccess && mappedTables.length === 0 ? (
          <p className="text-sm text-amber-700">
            No tables are mapped to this template. Please set up field mappings first.
          </p>
        ) : null}
        <label className="block text-sm font-medium text-slate-700">
          Record
          <select
            className={selectClass}
            value={recordId}
            disabled={!tableId || (records.data ?? []).length === 0}
            onChange={(event) => setRecordId(event.target.value)}
          >
            <option value="">Select a record...</option>
            {(records.data ?? []).map((record) => (
              <option key={record.id} value={record.id}>
                {record.computed?.display_name ?? `Record_${record.id.slice(0, 8)}`}
              </option>
            ))}
          </select>
        </label>
        {tableId && records.isSuccess && records.data.length === 0 ? (
          <p className="text-sm text-amber-700">
            No records found for this table. Please add records first.
          </p>
        ) : null}
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={sendEmail}
            onChange={(event) => setSendEmail(event.target.checked)}
          />
          Send form via email
        </label>
        {sendEmail ? (
          <label className="block text-sm font-medium text-slate-700">
            Recipients (comma-separated)
            <input
              type="text"
              className={selectClass}
              value={recipients}
              placeholder="name@example.com, other@example.com"
              onChange={(event) => setRecipients(event.target.value)}
            />
          </label>
        ) : null}
      </form>
    </Modal>
  );
}
