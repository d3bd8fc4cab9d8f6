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

/** Expires in N days, said as a person would. */
function expiresIn(expiresAt: string): string {
  const days = trashDaysLeft(expiresAt);
  if (days === 0) {
    return 'today';
  }
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}

/** One deleted item: what it was, who deleted it and when, when it goes for good. */
export function TrashItemRow({ item, canRestore, canPurge, isBusy, onRestore, onPurge }: Props) {
  return (
    <tr data-trash-item={item.id}>
      <td className="px-4 py-2 text-slate-600">{trashKindLabel(item.kind)}</td>
      <td className="px-4 py-2 font-medium text-slate-900">{item.name}</td>
      <td className="px-4 py-2 text-slate-600">{item.deleted_by}</td>
      <td className="px-4 py-2 text-slate-600">{formatDateTime(item.deleted_at)}</td>
      <td className="px-4 py-2 text-slate-600" title={formatDateTime(item.expires_at)}>
        {expiresIn(item.expires_at)}
      </td>
      {canRestore || canPurge ? (
        <td className="px-4 py-2">
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
                aria-label={`Delete ${item.name} forever`}
                onClick={() => onPurge(item)}
              >
                Delete forever
              </button>
            ) : null}
          </div>
        </td>
      ) : null}
    </tr>
  );
}
