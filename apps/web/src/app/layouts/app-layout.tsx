import { useState } from 'react';
import { Outlet } from 'react-router';
import { WorkspaceProvider } from '../../features/workspaces/workspace-provider';
import { useWorkspace } from '../../lib/workspace-context';
import { Sidebar } from './sidebar';

/** Authenticated frame, acting in the current workspace. */
export function AppLayout() {
  return (
    <WorkspaceProvider>
      <AppFrame />
    </WorkspaceProvider>
  );
}

/** Sidebar plus main content, with a menu button on small screens. */
function AppFrame() {
  const { workspaces, current } = useWorkspace();
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);
  return (
    <div className="min-h-screen bg-slate-50">
      <Sidebar isOpen={isSidebarOpen} onClose={() => setIsSidebarOpen(false)} />
      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-14 items-center border-b border-slate-200 bg-white px-4 lg:hidden">
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={isSidebarOpen}
            onClick={() => setIsSidebarOpen(true)}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100"
          >
            <svg
              className="h-6 w-6"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
            </svg>
          </button>
          <span className="ml-3 font-semibold text-slate-800">Formbridge</span>
          {current && workspaces.length > 1 ? (
            <span className="ml-auto min-w-0 truncate text-xs text-slate-500">{current.name}</span>
          ) : null}
        </header>
        <main className="mx-auto max-w-7xl p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
