import { trashDaysLeft, trashKindLabel, type TrashItem } from '@formbridge/contract/trash';
import { formatDateTime } from '../../../lib/format';

const action = 'rounded-md px-2.5 py-1 text-xs font-medium ring-1 disabled:opacity-50';

type Props = {
  item: TrashItem;
  canRestore: boolean;
  canPurge: boolean;
  isBusy: boolean;
  onRestore: (item: TrashItem) => void;
  onPurge: (item: TrashItem) => void;
};

/** When the sweep takes it, said as a person would. */
function expiresIn(expiresAt: string): string {
  const days = trashDaysLeft(expiresAt);
  if (days === 0) {
    return 'Deleted for good today';
  }
  return `Deleted for good in ${days === 1 ? '1 day' : `${days} days`}`;
}

/**
 * One deleted item: what it was, who deleted it and when, when it goes for good. A card, not a
 * table row, so a long name wraps and the actions stay on a phone's screen.
 */
export function TrashItemRow({ item, canRestore, canPurge, isBusy, onRestore, onPurge }: Props) {
  return (
    <li
      data-trash-item={item.id}
      className="flex flex-wrap items-start justify-between gap-3 px-4 py-3"
    >
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          {trashKindLabel(item.kind)}
        </p>
        <p className="font-medium break-all text-slate-900">{item.name}</p>
        <p className="text-sm break-words text-slate-600">
          Deleted by {item.deleted_by} on {formatDateTime(item.deleted_at)}
        </p>
        <p className="text-sm text-slate-600" title={formatDateTime(item.expires_at)}>
          {expiresIn(item.expires_at)}
        </p>
      </div>
      {canRestore || canPurge ? (
        <div className="flex flex-wrap gap-2">
          {canRestore ? (
            <button
              type="button"
              className={`${action} text-blue-700 ring-blue-200 hover:bg-blue-50`}
              disabled={isBusy}
              aria-label={`Restore ${item.name}`}
              onClick={() => onRestore(item)}
            >
              Restore
            </button>
          ) : null}
          {canPurge ? (
            <button
              type="button"
              className={`${action} text-red-700 ring-red-200 hover:bg-red-50`}
              disabled={isBusy}
              aria-label={`Delete forever ${item.name}`}
              onClick={() => onPurge(item)}
            >
              Delete forever
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
