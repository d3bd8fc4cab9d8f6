import { roleAllows, type WorkspaceRole } from '@formbridge/contract/workspaces';

/**
 * `needs`: shown only to an account with that right; `role`: only to members with at least that
 * role in the current workspace (the server refuses the others anyway).
 */
export type NavItem = {
  label: string;
  path: string;
  needs?: 'can_invite' | 'is_admin';
  role?: WorkspaceRole;
};

/** Sidebar entries (spec §2 layouts). */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', path: '/' },
  { label: 'PDF Templates', path: '/templates' },
  { label: 'Dynamic Tables', path: '/tables' },
  { label: 'Completed Forms', path: '/forms' },
  { label: 'Jobs', path: '/jobs' },
  { label: 'Data Links', path: '/data-links' },
  { label: 'Trash', path: '/trash' },
  // Workspace administration (Admins and Owners).
  { label: 'Members', path: '/workspace/members', role: 'admin' },
  { label: 'Activity', path: '/activity', role: 'admin' },
  { label: 'API tokens', path: '/workspace/tokens', role: 'admin' },
  { label: 'Webhooks', path: '/workspace/webhooks', role: 'admin' },
  { label: 'Invitations', path: '/invitations', needs: 'can_invite' },
  { label: 'Users', path: '/admin/users', needs: 'is_admin' },
  { label: 'Account', path: '/account' },
];

/** The entries this account sees with its role in the current workspace (null: not known). */
export function visibleNavItems(
  user: { is_admin?: boolean; can_invite?: boolean } | null,
  role: WorkspaceRole | null = null,
) {
  return NAV_ITEMS.filter(
    (item) =>
      (item.needs === undefined || user?.[item.needs] === true) &&
      (item.role === undefined || (role !== null && roleAllows(role, item.role))),
  );
}

/** Active when the path equals the entry's path or continues it after a slash. */
export function isNavItemActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/') {
    return currentPath === '/';
  }
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
