import { getRecordDisplayName } from '@formbridge/contract/display-name';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Modal } from '../../../components/ui/modal';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useCreateDataLink, useLinkRecords, useLinkTables } from '../api/data-links-api';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-50';

/** 'Create Data Collection Link': a record, an optional expiry and message; the link is copied. */
export function DataLinkCreateDialog({ onClose }: { onClose: () => void }) {
  const tables = useLinkTables();
  const create = useCreateDataLink();
  const [tableId, setTableId] = useState('');
  const [recordId, setRecordId] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const records = useLinkRecords(tableId);
  const table = tables.data?.find((item) => item.id === tableId);

  useEffect(() => {
    if (records.isError) {
      notify.error('Failed to fetch records for selected table');
    }
  }, [records.isError]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!tableId || !recordId) {
      setError('Please select a table and record');
      return;
    }
    setError(null);
    try {
      const link = await create.mutateAsync({
        tableId,
        recordId,
        body: {
          is_active: true,
          custom_message: message.trim() || null,
          // datetime-local is the user's local time; the API takes an instant.
          expires_at: expiresAt ? new Date(expiresAt).toISOString() : null,
        },
      });
      notify.success('Data collection link created successfully');
      try {
        await navigator.clipboard.writeText(link.url);
        notify.success('Link copied to clipboard');
      } catch {
        // Copying can be refused (no permission); the link is in the list either way.
      }
      onClose();
    } catch (caught) {
      setError(
        describeError(caught, 'Failed to create data collection link', { withoutLocations: true }),
      );
      notify.error('Failed to create data collection link');
    }
  };

  return (
    <Modal
      title="Create Data Collection Link"
      onClose={onClose}
      isBusy={create.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="data-link-form" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Link'}
          </Button>
        </>
      }
    >
      <form id="data-link-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <ErrorBanner message={error} />
        <label className="block text-sm font-medium text-slate-700">
          Table
          <select
            className={inputClass}
            value={tableId}
            onChange={(event) => {
              setTableId(event.target.value);
              setRecordId('');
            }}
          >
            <option value="">Select a table...</option>
            {(tables.data ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Record
          <select
            className={inputClass}
            value={recordId}
            disabled={!table}
            onChange={(event) => setRecordId(event.target.value)}
          >
            <option value="">Select a record...</option>
            {table
              ? (records.data ?? []).map((record) => (
                  <option key={record.id} value={record.id}>
                    {getRecordDisplayName(table, record)}
                  </option>
                ))
              : null}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Expires (optional)
          <input
            type="datetime-local"
            className={inputClass}
            value={expiresAt}
            onChange={(event) => setExpiresAt(event.target.value)}
          />
          <span className="mt-1 block text-xs font-normal text-slate-500">
            If set, the link will become invalid after this date.
          </span>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Custom message (optional)
          <textarea
            rows={3}
            className={inputClass}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </label>
      </form>
    </Modal>
  );
}
