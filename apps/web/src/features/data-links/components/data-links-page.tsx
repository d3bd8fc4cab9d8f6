import { formatShortDate } from '@formbridge/contract/dates';
import type { DataLink } from '@formbridge/contract/public-links';
import { useEffect, useState } from 'react';
import { EmbedDialog } from '../../../components/embed/embed-dialog';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useDataLinks, useDeleteDataLink, useUpdateDataLink } from '../api/data-links-api';
import { DataLinkCreateDialog } from './data-link-create-dialog';
import { useCan } from '../../../lib/workspace-context';

const action = 'rounded-md px-2.5 py-1 text-xs font-medium ring-1';

function StatusBadge({ link }: { link: DataLink }) {
  if (link.is_expired) {
    return (
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
        Expired
      </span>
    );
  }
  return link.is_active ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
      Active
    </span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
      Inactive
    </span>
  );
}

/** /data-links: every data-collection link with copy, activate/deactivate and delete. */
export function DataLinksPage() {
  const canEdit = useCan('editor');
  const links = useDataLinks();
  const update = useUpdateDataLink();
  const remove = useDeleteDataLink();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<DataLink | null>(null);
  const [embedId, setEmbedId] = useState<string | null>(null);

  useEffect(() => {
    if (links.isError) {
      notify.error('Failed to load public data links');
    }
  }, [links.isError]);

  const copy = async (link: DataLink) => {
    try {
      await navigator.clipboard.writeText(link.url);
      notify.success('Link copied to clipboard');
    } catch {
      notify.error('Could not copy the link');
    }
  };

  const toggle = async (link: DataLink) => {
    try {
      await update.mutateAsync({ id: link.id, body: { is_active: !link.is_active } });
      notify.success(
        link.is_active ? 'Link deactivated successfully' : 'Link activated successfully',
      );
    } catch {
      notify.error('Failed to update link status');
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) {
      return;
    }
    try {
      await remove.mutateAsync(pendingDelete.id);
      notify.success('Link deleted successfully');
    } catch {
      notify.error('Failed to delete link');
    } finally {
      setPendingDelete(null);
    }
  };

  const list = links.data ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Data Collection Links</h1>
          <p className="text-sm text-slate-500">
            Let someone outside your organisation update their own record.
          </p>
        </div>
        {canEdit ? <Button onClick={() => setIsCreateOpen(true)}>Create Data Link</Button> : null}
      </div>
      {links.isPending ? (
        <Spinner />
      ) : links.isError ? (
        <LoadFailed
          what="your data collection links"
          reason={describeError(links.error, 'Failed to load public data links')}
          onRetry={() => void links.refetch()}
          isRetrying={links.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title="No data collection links"
          action={
            canEdit ? (
              <Button onClick={() => setIsCreateOpen(true)}>Create Data Link</Button>
            ) : undefined
          }
        />
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Record
                </th>
                <th scope="col" className="px-4 py-2">
                  Table
                </th>
                <th scope="col" className="px-4 py-2">
                  Status
                </th>
                <th scope="col" className="px-4 py-2">
                  Created
                </th>
                <th scope="col" className="px-4 py-2">
                  Expires
                </th>
                {canEdit ? (
                  <th scope="col" className="px-4 py-2">
                    Actions
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((link) => (
                <tr key={link.id} data-link={link.id}>
                  <td className="px-4 py-2 font-medium text-slate-900">{link.record_label}</td>
                  <td className="px-4 py-2 text-slate-600">{link.table_name}</td>
                  <td className="px-4 py-2">
                    <StatusBadge link={link} />
                  </td>
                  <td className="px-4 py-2 text-slate-600">{formatShortDate(link.created_at)}</td>
                  <td className="px-4 py-2 text-slate-600">
                    {link.expires_at ? formatDateTime(link.expires_at) : 'Never'}
                  </td>
                  {canEdit ? (
                    <td className="px-4 py-2">
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className={`${action} text-indigo-700 ring-indigo-200 hover:bg-indigo-50`}
                          onClick={() => void copy(link)}
                        >
                          Copy link
                        </button>
                        <button
                          type="button"
                          className={`${action} text-indigo-700 ring-indigo-200 hover:bg-indigo-50`}
                          onClick={() => setEmbedId(link.id)}
                        >
                          Embed
                        </button>
                        <button
                          type="button"
                          className={`${action} text-slate-700 ring-slate-300 hover:bg-slate-50`}
                          onClick={() => void toggle(link)}
                        >
                          {link.is_active ? 'Deactivate' : 'Activate'}
                        </button>
                        <button
                          type="button"
                          className={`${action} text-red-600 ring-red-200 hover:bg-red-50`}
                          onClick={() => setPendingDelete(link)}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {isCreateOpen && canEdit ? (
        <DataLinkCreateDialog onClose={() => setIsCreateOpen(false)} />
      ) : null}
      {embedId ? (
        <EmbedDialog
          embedPath={`/api/v1/public-data-links/${embedId}/embed`}
          canEdit={canEdit}
          onClose={() => setEmbedId(null)}
        />
      ) : null}
      {pendingDelete ? (
        <ConfirmDialog
          title="Delete data collection link"
          message="Are you sure you want to delete this data collection link?"
          isBusy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </div>
  );
}
