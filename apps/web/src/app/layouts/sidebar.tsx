import { Link, useLocation } from 'react-router';
import { WorkspaceSwitcher } from '../../features/workspaces/components/workspace-switcher';
import { useAuth } from '../../lib/auth-context';
import { useWorkspace } from '../../lib/workspace-context';
import { isNavItemActive, visibleNavItems } from './nav-items';

type Props = { isOpen: boolean; onClose: () => void };

/** Permanent on large screens; on small ones it slides in over a backdrop. */
export function Sidebar({ isOpen, onClose }: Props) {
  const { pathname } = useLocation();
  const { user, logout } = useAuth();
  const { current, role } = useWorkspace();
  return (
    <>
      {isOpen ? (
        <div
          data-testid="sidebar-backdrop"
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden"
          onClick={onClose}
        />
      ) : null}
      <aside
        aria-label="Sidebar"
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col bg-slate-900 text-slate-100 transition-transform duration-200 lg:translate-x-0 ${
          isOpen ? 'translate-x-0' : '-translate-x-full'
        }`}
      >
        <div className="flex h-16 items-center px-6 text-lg font-bold tracking-tight">
          Formbridge
        </div>
        <WorkspaceSwitcher onSwitch={onClose} />
        <nav className="flex-1 space-y-1 px-3 py-4">
          {visibleNavItems(user, current ? role : null).map((item) => {
            const isActive = isNavItemActive(item.path, pathname);
            return (
              <Link
                key={item.path}
                to={item.path}
                onClick={onClose}
                aria-current={isActive ? 'page' : undefined}
                className={`block rounded-md px-3 py-2 text-sm font-medium ${
                  isActive
                    ? 'bg-indigo-600 text-white'
                    : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                }`}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
        <div className="border-t border-slate-800 p-4">
          <p className="truncate text-sm text-slate-300" title={user?.email}>
            {user?.email ?? 'Signed in'}
          </p>
          <button
            type="button"
            onClick={logout}
            className="mt-2 w-full rounded-md bg-slate-800 px-3 py-2 text-sm font-medium text-slate-100 hover:bg-slate-700"
          >
            Logout
          </button>
        </div>
      </aside>
    </>
  );
}
