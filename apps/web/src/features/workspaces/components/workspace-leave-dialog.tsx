import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth-context';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useWorkspace } from '../../../lib/workspace-context';
import { useRemoveMember } from '../api/members-api';

/** Leaving asks first; the last Owner is refused by the server, whose reason is shown. */
export function WorkspaceLeaveDialog({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const { current, workspaces, switchWorkspace } = useWorkspace();
  const remove = useRemoveMember(current?.id ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!current || !user) {
    return null;
  }
  if (refusal) {
    return (
      <Modal
        title="Leave workspace"
        onClose={onClose}
        footer={<Button onClick={onClose}>OK</Button>}
      >
        <ErrorBanner message={refusal} />
      </Modal>
    );
  }
  const leave = async () => {
    try {
      await remove.mutateAsync(user.id);
    } catch (caught) {
      setRefusal(describeError(caught, 'Could not leave the workspace. Please try again.'));
      return;
    }
    notify.success(`You left ${current.name}.`);
    const personal = workspaces.find((workspace) => workspace.personal);
    switchWorkspace(personal?.id ?? user.id);
  };
  return (
    <ConfirmDialog
      title="Leave workspace"
      message={`Leave ${current.name}? You lose access to its tables, templates and forms until someone adds you again.`}
      confirmLabel="Leave"
      busyLabel="Leaving..."
      isBusy={remove.isPending}
      onConfirm={() => void leave()}
      onCancel={onClose}
    />
  );
}
