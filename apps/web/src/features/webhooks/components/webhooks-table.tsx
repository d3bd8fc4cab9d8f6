import type { Webhook } from '@formbridge/contract/webhooks';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { describeError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks-api';

function lastDelivery(webhook: Webhook): string {
  const last = webhook.last_delivery;
  if (!last) {
    return 'None yet';
  }
  const code = last.last_status_code === null ? '' : ` (HTTP ${last.last_status_code})`;
  return `${last.status}${code}${last.at ? `, ${formatDateTime(last.at)}` : ''}`;
}

type Props = {
  workspaceId: string;
  onEdit: (webhook: Webhook) => void;
  onShowLog: (webhook: Webhook) => void;
};

/** The workspace's endpoints: URL, events, status and last delivery, with their actions. */
export function WebhooksTable({ workspaceId, onEdit, onShowLog }: Props) {
  const webhooks = useWebhooks(workspaceId);
  const update = useUpdateWebhook(workspaceId);
  const remove = useDeleteWebhook(workspaceId);
  const [pending, setPending] = useState<Webhook | null>(null);

  const toggle = async (webhook: Webhook) => {
    const status = webhook.status === 'active' ? 'paused' : 'active';
    try {
      await update.mutateAsync({ id: webhook.id, body: { status } });
      notify.success(status === 'paused' ? 'Endpoint paused' : 'Endpoint resumed');
    } catch (caught) {
      notify.error(describeError(caught, 'The endpoint could not be changed'));
    }
  };
  const confirmDelete = async () => {
    if (!pending) {
      return;
    }
    try {
      await remove.mutateAsync(pending.id);
      notify.success('Endpoint deleted');
    } catch (caught) {
      notify.error(describeError(caught, 'The endpoint could not be deleted'));
    } finally {
      setPending(null);
    }
  };

  if (webhooks.isPending) {
    return <Spinner />;
  }
  if (webhooks.isError) {
    return (
      <LoadFailed
        what="the webhooks"
        reason={describeError(webhooks.error, 'Failed to load the webhooks')}
        onRetry={() => void webhooks.refetch()}
        isRetrying={webhooks.isFetching}
      />
    );
  }
  if (webhooks.data.length === 0) {
    return (
      <EmptyState
        title="No webhook endpoints"
        message="Add an endpoint to send completed forms, records and submissions to another system."
      />
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Webhook endpoints</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              URL
            </th>
            <th scope="col" className="px-4 py-3">
              Events
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Last delivery
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {webhooks.data.map((webhook) => (
            <tr key={webhook.id}>
              <td className="px-4 py-3 font-mono text-xs break-all text-slate-900">
                {webhook.url}
              </td>
              <td className="px-4 py-3 text-slate-700">{webhook.events.join(', ')}</td>
              <td className="px-4 py-3">
                <span className={webhook.status === 'active' ? 'text-green-800' : 'text-amber-800'}>
                  {webhook.status === 'active' ? 'Active' : 'Paused'}
                </span>
                {webhook.paused_reason ? (
                  <p className="text-xs text-slate-500">{webhook.paused_reason}</p>
                ) : null}
              </td>
              <td className="px-4 py-3 text-slate-700">{lastDelivery(webhook)}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap">
                <Button
                  variant="ghost"
                  onClick={() => onShowLog(webhook)}
                  aria-label={`Deliveries of ${webhook.url}`}
                >
                  Deliveries
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => onEdit(webhook)}
                  aria-label={`Edit ${webhook.url}`}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => void toggle(webhook)}
                  aria-label={`${webhook.status === 'active' ? 'Pause' : 'Resume'} ${webhook.url}`}
                >
                  {webhook.status === 'active' ? 'Pause' : 'Resume'}
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => setPending(webhook)}
                  aria-label={`Delete ${webhook.url}`}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pending ? (
        <ConfirmDialog
          title="Delete endpoint"
          message={`Delete the endpoint ${pending.url} and its delivery log? Events are no longer sent to it; this cannot be undone.`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          isBusy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
