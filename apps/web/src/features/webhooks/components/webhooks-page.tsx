import { roleAllows, roleNeededMessage } from '@formbridge/contract/workspaces';
import type { Webhook } from '@formbridge/contract/webhooks';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useWorkspace } from '../../../lib/workspace-context';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhooksTable } from './webhooks-table';

type Open =
  { kind: 'create' } | { kind: 'edit'; webhook: Webhook } | { kind: 'log'; webhook: Webhook };

/** /workspace/webhooks: Admins send the workspace's events to other systems (issue 33). */
export function WebhooksPage() {
  const { current, role } = useWorkspace();
  const [open, setOpen] = useState<Open | null>(null);
  if (!current) {
    return <p className="text-sm text-slate-600">Workspaces are not available on this server.</p>;
  }
  if (!roleAllows(role, 'admin')) {
    return (
      <p role="alert" className="text-sm text-slate-600">
        {roleNeededMessage('admin', role)}
      </p>
    );
  }
  const close = () => setOpen(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Webhooks</h1>
          <p className="text-sm text-slate-500">
            Formbridge posts a signed JSON event to each endpoint when something happens in{' '}
            {current.name}, and retries for 24 hours until the endpoint answers 2xx. See the
            webhooks guide (docs/webhooks.md) to verify signatures.
          </p>
        </div>
        <Button onClick={() => setOpen({ kind: 'create' })}>New endpoint</Button>
      </div>
      <WebhooksTable
        workspaceId={current.id}
        onEdit={(webhook) => setOpen({ kind: 'edit', webhook })}
        onShowLog={(webhook) => setOpen({ kind: 'log', webhook })}
      />
      {open?.kind === 'create' ? <WebhookFormDialog onClose={close} /> : null}
      {open?.kind === 'edit' ? <WebhookFormDialog webhook={open.webhook} onClose={close} /> : null}
      {open?.kind === 'log' ? (
        <WebhookDeliveriesDialog workspaceId={current.id} webhook={open.webhook} onClose={close} />
      ) : null}
    </div>
  );
}
