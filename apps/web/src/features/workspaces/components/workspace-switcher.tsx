import { ROLE_LABELS } from '@formbridge/contract/workspaces';
import { useId, useState } from 'react';
import { useWorkspace } from '../../../lib/workspace-context';
import { useCreateWorkspace } from '../api/workspaces-api';
import { WorkspaceLeaveDialog } from './workspace-leave-dialog';
import { WorkspaceNameDialog } from './workspace-name-dialog';

type Dialog = 'create' | 'leave' | null;

/**
 * The current workspace and the way to others, at the top of the sidebar. With one workspace
 * it is a small name only; its menu still offers "Create workspace".
 */
export function WorkspaceSwitcher({ onSwitch }: { onSwitch?: () => void }) {
  const { workspaces, current, switchWorkspace } = useWorkspace();
  const create = useCreateWorkspace();
  const [isOpen, setIsOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const menuId = useId();
  if (!current) {
    // The list is not known (still loading, or a server without workspaces): nothing to switch.
    return null;
  }
  const isSingle = workspaces.length <= 1;
  const choose = (workspaceId: string) => {
    setIsOpen(false);
    onSwitch?.();
    switchWorkspace(workspaceId);
  };
  const menuButton = 'block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-slate-800';
  return (
    <div className="px-3">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label={`Workspace: ${current.name}`}
        onClick={() => setIsOpen((open) => !open)}
        className={`flex w-full items-center justify-between gap-2 rounded-md text-left hover:bg-slate-800 ${
          isSingle ? 'px-3 py-1 text-xs text-slate-400' : 'bg-slate-800/60 px-3 py-2 text-sm'
        }`}
      >
        <span className="min-w-0 truncate">{current.name}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {isOpen ? (
        <ul
          id={menuId}
          aria-label="Workspaces"
          className="mt-1 space-y-1 rounded-md bg-slate-950 p-1"
        >
          {workspaces.map((workspace) => (
            <li key={workspace.id}>
              <button
                type="button"
                aria-current={workspace.id === current.id ? 'true' : undefined}
                onClick={() => choose(workspace.id)}
                className={`${menuButton} ${workspace.id === current.id ? 'text-white' : 'text-slate-300'}`}
              >
                <span className="block truncate">{workspace.name}</span>
                <span className="block text-xs text-slate-400">{ROLE_LABELS[workspace.role]}</span>
              </button>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => setDialog('create')} className={menuButton}>
              Create workspace
            </button>
          </li>
          {current.personal ? null : (
            <li>
              <button type="button" onClick={() => setDialog('leave')} className={menuButton}>
                Leave workspace
              </button>
            </li>
          )}
        </ul>
      ) : null}
      {dialog === 'create' ? (
        <WorkspaceNameDialog
          title="Create workspace"
          submitLabel="Create workspace"
          onSubmit={async (body) => {
            const created = await create.mutateAsync(body);
            choose(created.id);
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'leave' ? <WorkspaceLeaveDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
