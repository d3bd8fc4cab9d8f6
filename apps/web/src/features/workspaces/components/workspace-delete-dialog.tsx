import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useWorkspace } from '../../../lib/workspace-context';
import { useDeleteWorkspace } from '../api/workspaces-api';

/** Deleting a workspace takes everything in it: the Owner types its name to confirm. */
export function WorkspaceDeleteDialog({ onClose }: { onClose: () => void }) {
  const { current, workspaces, switchWorkspace } = useWorkspace();
  const remove = useDeleteWorkspace(current?.id ?? '');
  const [typed, setTyped] = useState('');
  const [banner, setBanner] = useState<string | null>(null);
  if (!current) {
    return null;
  }
  const confirm = async () => {
    setBanner(null);
    try {
      await remove.mutateAsync();
    } catch (caught) {
      setBanner(describeError(caught, 'The workspace could not be deleted. Please try again.'));
      return;
    }
    notify.success(`${current.name} deleted`);
    const personal = workspaces.find((workspace) => workspace.personal);
    if (personal) {
      switchWorkspace(personal.id);
    }
  };
  return (
    <Modal
      title="Delete workspace"
      onClose={onClose}
      isBusy={remove.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            disabled={remove.isPending || typed.trim() !== current.name}
          >
            {remove.isPending ? 'Deleting...' : 'Delete workspace'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <ErrorBanner message={banner} />
        <p className="text-sm text-slate-600">
          Every table, record, template, form and link of {current.name} is deleted for good, and
          its members lose access.
        </p>
        <TextField
          label={`Type ${current.name} to confirm`}
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
    </Modal>
  );
}
