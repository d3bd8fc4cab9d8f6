export type NavItem = { label: string; path: string };

/** Sidebar entries (spec §2 layouts). */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', path: '/' },
  { label: 'PDF Templates', path: '/templates' },
  { label: 'Dynamic Tables', path: '/tables' },
  { label: 'Completed Forms', path: '/forms' },
  { label: 'Data Links', path: '/data-links' },
  { label: 'Invitations', path: '/invitations' },
];

/** Active when the path equals the entry's path or continues it after a slash. */
export function isNavItemActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/') {
    return currentPath === '/';
  }
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
