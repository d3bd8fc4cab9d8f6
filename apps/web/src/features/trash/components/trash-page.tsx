import { trashKindLabel, type TrashItem } from '@formbridge/contract/trash';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { usePageParam } from '../../../lib/use-page-param';
import { useCan } from '../../../lib/workspace-context';
import { TRASH_PAGE_SIZE, useTrashPage } from '../api/list-trash';
import { useEmptyTrash, usePurgeTrashItem } from '../api/purge-trash';
import { useRestoreTrashItem } from '../api/restore-trash-item';
import { TrashItemRow } from './trash-item-row';

/** /trash: deleted items of the workspace, restorable until the sweep purges them (issue 32). */
export function TrashPage() {
  const canRestore = useCan('editor');
  const canPurge = useCan('admin');
  const [pageIndex, goToPage] = usePageParam();
  const trash = useTrashPage(pageIndex);
  const restore = useRestoreTrashItem();
  const purge = usePurgeTrashItem();
  const empty = useEmptyTrash();
  const [problem, setProblem] = useState<string | null>(null);
  const [pendingPurge, setPendingPurge] = useState<TrashItem | null>(null);
  const [isEmptying, setIsEmptying] = useState(false);

  const onRestore = async (item: TrashItem) => {
    setProblem(null);
    try {
      await restore.mutateAsync(item.id);
      notify.success(`${trashKindLabel(item.kind)} '${item.name}' restored`);
    } catch (error) {
      // A 409 says what to restore (or remove) first: it stays on the page until the next try.
      setProblem(describeError(error, 'Failed to restore the item'));
    }
  };

  const onPurge = async () => {
    if (!pendingPurge) {
      return;
    }
    try {
      await purge.mutateAsync(pendingPurge.id);
      notify.success('Deleted forever');
    } catch (error) {
      notify.error(describeError(error, 'Failed to delete the item'));
    } finally {
      setPendingPurge(null);
    }
  };

  const onEmpty = async () => {
    try {
      const { purged } = await empty.mutateAsync();
      notify.success(purged === 1 ? '1 item deleted forever' : `${purged} items deleted forever`);
    } catch (error) {
      notify.error(describeError(error, 'Failed to empty the trash'));
    } finally {
      setIsEmptying(false);
    }
  };

  const items = trash.data?.items ?? [];
  const total = trash.data?.total ?? 0;
  // Past the last page (its last item restored or purged): show the last page there is.
  const lastIndex = Math.max(0, Math.ceil(total / TRASH_PAGE_SIZE) - 1);
  const isPastEnd = trash.isSuccess && !trash.isPlaceholderData && pageIndex > lastIndex;
  useEffect(() => {
    if (isPastEnd) {
      goToPage(lastIndex);
    }
  });
  const isBusy = restore.isPending || purge.isPending || empty.isPending;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Trash</h1>
          <p className="text-sm text-slate-500">
            Deleted records, tables, templates, mappings and forms are kept here, with their files,
            until they are deleted for good.
          </p>
        </div>
        {canPurge && total > 0 ? (
          <Button variant="danger" onClick={() => setIsEmptying(true)} disabled={isBusy}>
            Empty trash
          </Button>
        ) : null}
      </div>
      <ErrorBanner message={problem} />
      {trash.isPending ? (
        <Spinner />
      ) : trash.isError ? (
        <LoadFailed
          what="the trash"
          reason={describeError(trash.error, 'Failed to load the trash')}
          onRetry={() => void trash.refetch()}
          isRetrying={trash.isFetching}
        />
      ) : total === 0 ? (
        <EmptyState title="The trash is empty" message="Items you delete appear here." />
      ) : (
        <>
          <ul
            aria-label="Deleted items"
            className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
          >
            {items.map((item) => (
              <TrashItemRow
                key={item.id}
                item={item}
                canRestore={canRestore}
                canPurge={canPurge}
                isBusy={isBusy}
                onRestore={(one) => void onRestore(one)}
                onPurge={setPendingPurge}
              />
            ))}
          </ul>
          <Pager
            pageIndex={pageIndex}
            pageSize={TRASH_PAGE_SIZE}
            total={total}
            onChange={goToPage}
            noun="items"
            isBusy={trash.isFetching}
          />
        </>
      )}
      {pendingPurge ? (
        <ConfirmDialog
          title="Delete forever"
          message={`Delete ${trashKindLabel(pendingPurge.kind).toLowerCase()} '${pendingPurge.name}' forever? Its files go too. This action cannot be undone.`}
          confirmLabel="Delete forever"
          isBusy={purge.isPending}
          onConfirm={() => void onPurge()}
          onCancel={() => setPendingPurge(null)}
        />
      ) : null}
      {isEmptying ? (
        <ConfirmDialog
          title="Empty trash"
          message="Delete every item in the trash forever, with its files? This action cannot be undone."
          confirmLabel="Empty trash"
          busyLabel="Emptying..."
          isBusy={empty.isPending}
          onConfirm={() => void onEmpty()}
          onCancel={() => setIsEmptying(false)}
        />
      ) : null}
    </div>
  );
}
