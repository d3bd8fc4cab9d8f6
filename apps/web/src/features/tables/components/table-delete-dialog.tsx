import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { notifyMovedToTrash } from '../../../lib/moved-to-trash';
import { useDeleteTable } from '../api/tables-api';

type Props = {
  table: { id: string; name: string };
  message: string;
  onDeleted: () => void;
  onCancel: () => void;
};

/**
 * Asks before deleting a table. A table still linked from other tables or used by mappings is
 * refused (409); the dialog stays open with the server's explanation of what holds it.
 */
export function TableDeleteDialog({ table, message, onDeleted, onCancel }: Props) {
  const deleteTable = useDeleteTable();
  const [refusal, setRefusal] = useState<string | null>(null);

  const onConfirm = async () => {
    setRefusal(null);
    try {
      await deleteTable.mutateAsync(table.id);
      notifyMovedToTrash('Table deleted successfully', table.id);
      onDeleted();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.detail) {
        setRefusal(error.detail);
        return;
      }
      notify.error('Failed to delete table');
      onCancel();
    }
  };

  return (
    <Modal
      title="Delete table"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleteTable.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => void onConfirm()}
            disabled={deleteTable.isPending || refusal !== null}
          >
            {deleteTable.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-600">{message}</p>
        <ErrorBanner message={refusal} />
      </div>
    </Modal>
  );
}
