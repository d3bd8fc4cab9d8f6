import { roleAllows, roleNeededMessage, type WorkspaceRole } from '@formbridge/contract/workspaces';
import type { ReactNode } from 'react';
import { useWorkspaceRole } from '../lib/workspace-context';

/**
 * A screen that only changes things (the mapper, the field editor) says which role it needs
 * instead of offering controls the server would refuse.
 */
export function RoleRequired({ needed, children }: { needed: WorkspaceRole; children: ReactNode }) {
  const role = useWorkspaceRole();
  if (roleAllows(role, needed)) {
    return children;
  }
  return (
    <p
      role="alert"
      className="rounded-lg bg-white p-6 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200"
    >
      {roleNeededMessage(needed, role)}
    </p>
  );
}
