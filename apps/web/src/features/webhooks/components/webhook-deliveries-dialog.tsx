import type { Webhook, WebhookDelivery } from '@formbridge/contract/webhooks';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { describeError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useRedeliver, useWebhookDeliveries } from '../api/webhooks-api';

const STATUS_CLASS: Record<WebhookDelivery['status'], string> = {
  succeeded: 'text-green-800',
  pending: 'text-slate-700',
  failed: 'text-red-700',
};

type Props = { workspaceId: string; webhook: Webhook; onClose: () => void };

/** An endpoint's newest deliveries: status, attempts, last answer, with Redeliver. */
export function WebhookDeliveriesDialog({ workspaceId, webhook, onClose }: Props) {
  const deliveries = useWebhookDeliveries(workspaceId, webhook.id);
  const redeliver = useRedeliver(workspaceId, webhook.id);
  const send = async (delivery: WebhookDelivery) => {
    try {
      await redeliver.mutateAsync(delivery.id);
      notify.success('Queued for redelivery');
    } catch (caught) {
      notify.error(describeError(caught, 'The delivery could not be queued'));
    }
  };
  let body;
  if (deliveries.isPending) {
    body = <Spinner />;
  } else if (deliveries.isError) {
    body = (
      <LoadFailed
        what="the deliveries"
        reason={describeError(deliveries.error, 'Failed to load the deliveries')}
        onRetry={() => void deliveries.refetch()}
        isRetrying={deliveries.isFetching}
      />
    );
  } else if (deliveries.data.length === 0) {
    body = (
      <EmptyState
        title="No deliveries yet"
        message="Events this endpoint subscribes to appear here."
      />
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-100">
        {deliveries.data.map((delivery) => (
          <li key={delivery.id} className="space-y-1 py-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium text-slate-900">
                {delivery.event}{' '}
                <span className={STATUS_CLASS[delivery.status]}>{delivery.status}</span>
              </p>
              <Button
                variant="secondary"
                onClick={() => void send(delivery)}
                disabled={redeliver.isPending}
                aria-label={`Redeliver ${delivery.event} ${delivery.event_id}`}
              >
                Redeliver
              </Button>
            </div>
            <p className="text-slate-600">
              {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
              {delivery.last_status_code === null ? '' : `, last HTTP ${delivery.last_status_code}`}
              {delivery.last_attempt_at ? `, ${formatDateTime(delivery.last_attempt_at)}` : ''}
              {delivery.next_attempt_at ? `; next ${formatDateTime(delivery.next_attempt_at)}` : ''}
            </p>
            {delivery.last_error ? <p className="text-red-700">{delivery.last_error}</p> : null}
            {delivery.response_excerpt ? (
              <pre className="max-h-24 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap text-slate-700">
                {delivery.response_excerpt}
              </pre>
            ) : null}
            <p className="font-mono text-xs text-slate-500">Event {delivery.event_id}</p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Modal
      title={`Deliveries to ${webhook.url}`}
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {body}
    </Modal>
  );
}
