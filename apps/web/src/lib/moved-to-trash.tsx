import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { apiRequest } from './api-client';
import { describeError } from './describe-error';

type Props = { message: string; itemId: string; closeToast?: () => void };

/** The delete's own message, then where the item went and a way back (issue 32). */
function MovedToTrash({ message, itemId, closeToast }: Props) {
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);
  const undo = async () => {
    setIsBusy(true);
    try {
      await apiRequest(`/api/v1/trash/${encodeURIComponent(itemId)}/restore`, { method: 'POST' });
      closeToast?.();
      toast.success('Restored from the trash');
      await queryClient.invalidateQueries();
    } catch (error) {
      toast.error(describeError(error, 'Failed to restore the item'));
      setIsBusy(false);
    }
  };
  return (
    <div>
      <p>{message}</p>
      <p className="mt-1 text-xs text-slate-600">
        Moved to the trash.{' '}
        <button
          type="button"
          className="font-medium text-blue-700 underline disabled:opacity-50"
          disabled={isBusy}
          onClick={() => void undo()}
        >
          Undo
        </button>
      </p>
    </div>
  );
}

/** A delete's success toast: the spec's message, "Moved to the trash." and Undo. */
export function notifyMovedToTrash(message: string, itemId: string): void {
  toast.success(({ closeToast }) => (
    <MovedToTrash message={message} itemId={itemId} closeToast={closeToast} />
  ));
}
