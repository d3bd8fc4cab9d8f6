import {
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  roleAllows,
  roleNeededMessage,
} from '@formbridge/contract/workspaces';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useWorkspace } from '../../../lib/workspace-context';
import { useRenameWorkspace } from '../api/workspaces-api';
import { MemberAddForm } from './member-add-form';
import { MembersTable } from './members-table';
import { PendingInvitations } from './pending-invitations';
import { WorkspaceDeleteDialog } from './workspace-delete-dialog';
import { WorkspaceLeaveDialog } from './workspace-leave-dialog';
import { WorkspaceNameDialog } from './workspace-name-dialog';

type Dialog = 'rename' | 'delete' | 'leave' | null;

/** /workspace/members: Admins and the Owner manage who works in the workspace, and how. */
export function MembersPage() {
  const { current, role } = useWorkspace();
  const rename = useRenameWorkspace(current?.id ?? '');
  const [dialog, setDialog] = useState<Dialog>(null);
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
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900">{current.name}</h1>
          <p className="text-sm text-slate-500">
            Members and their roles. Your role: {ROLE_LABELS[role]}.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog('rename')}>
            Rename workspace
          </Button>
          {current.personal ? null : (
            <Button variant="secondary" onClick={() => setDialog('leave')}>
              Leave workspace
            </Button>
          )}
          {role === 'owner' && !current.personal ? (
            <Button variant="danger" onClick={() => setDialog('delete')}>
              Delete workspace
            </Button>
          ) : null}
        </div>
      </div>
      <MemberAddForm workspaceId={current.id} />
      <MembersTable workspaceId={current.id} />
      <PendingInvitations workspaceId={current.id} />
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {(['admin', 'editor', 'viewer'] as const).map((each) => (
          <div key={each}>
            <dt className="font-medium text-slate-700">{ROLE_LABELS[each]}</dt>
            <dd className="text-slate-500">{ROLE_DESCRIPTIONS[each]}</dd>
          </div>
        ))}
      </dl>
      {dialog === 'rename' ? (
        <WorkspaceNameDialog
          title="Rename workspace"
          submitLabel="Save"
          initialName={current.name}
          onSubmit={async (body) => {
            await rename.mutateAsync(body);
            notify.success(`Workspace renamed to ${body.name}`);
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'delete' ? <WorkspaceDeleteDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'leave' ? <WorkspaceLeaveDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
