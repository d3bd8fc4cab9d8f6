import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context';

const QUICK_ACTIONS = [
  { label: 'Upload PDF Template', to: '/templates?upload=1', hint: 'Add a fillable PDF form' },
  { label: 'Create Data Table', to: '/tables', hint: 'Define the data your forms need' },
  { label: 'View Completed Forms', to: '/forms', hint: 'Download, e-mail or share results' },
];

export function DashboardPage() {
  const { user } = useAuth();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Welcome back</h1>
        {user?.email ? <p className="mt-1 text-slate-600">{user.email}</p> : null}
      </div>
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="text-lg font-semibold text-slate-900">
          Quick Actions
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          {QUICK_ACTIONS.map((action) => (
            <Link
              key={action.label}
              to={action.to}
              className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-indigo-400"
            >
              <span className="block font-medium text-indigo-700">{action.label}</span>
              <span className="mt-1 block text-sm text-slate-500">{action.hint}</span>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
