import { RECENT_LIST_SIZE } from '@formbridge/contract/limits';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDate } from '../../../lib/format';
import { useAuth } from '../../../lib/auth-context';
import { useDashboardLists } from '../api/dashboard-api';
import { useOnboarding } from '../api/onboarding-api';
import { GettingStartedChecklist } from './getting-started-checklist';
import { GuidedStart } from './guided-start';
import { useCan } from '../../../lib/workspace-context';

const QUICK_ACTIONS = [
  { label: 'Upload PDF Template', to: '/templates?upload=1', hint: 'Add a fillable PDF form' },
  { label: 'Create Data Table', to: '/tables', hint: 'Define the data your forms need' },
  { label: 'View Completed Forms', to: '/forms', hint: 'Download, e-mail or share results' },
];

type RecentItem = { id: string; name: string; detail: string; created_at: string; to: string };

function RecentList({
  title,
  items,
  empty,
}: {
  title: string;
  items: RecentItem[];
  empty: string;
}) {
  return (
    <section
      className="min-w-0 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-label={title}
    >
      <h2 className="font-semibold text-slate-900">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.to}
                className="flex items-center justify-between gap-3 py-2 hover:text-indigo-700"
              >
                <span className="min-w-0 truncate font-medium" title={item.name}>
                  {item.name}
                </span>
                <span className="shrink-0 text-xs text-slate-500">
                  {item.detail} · {formatDate(item.created_at)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function fieldCount(count: number): string {
  return formatCount(count, 'field');
}

export function DashboardPage() {
  const canEdit = useCan('editor');
  const { user } = useAuth();
  const lists = useDashboardLists();
  const onboarding = useOnboarding();
  const isEmpty = lists.templates.length === 0 && lists.tables.length === 0;
  const counts = [
    { label: 'PDF Templates', to: '/templates', value: lists.templates.length },
    { label: 'Dynamic Tables', to: '/tables', value: lists.tables.length },
    { label: 'Completed Forms', to: '/forms', value: lists.formCount },
  ];
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Welcome back</h1>
        {user?.email ? <p className="mt-1 text-slate-600">{user.email}</p> : null}
      </div>
      {lists.isLoading ? (
        <Spinner />
      ) : (
        <>
          {/* The guided start and checklist make things: a Viewer's dashboard only reads. */}
          {isEmpty && canEdit ? <GuidedStart /> : null}
          {onboarding.data && canEdit ? (
            <GettingStartedChecklist onboarding={onboarding.data} />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-3">
            {counts.map((card) => (
              <Link
                key={card.label}
                to={card.to}
                className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-indigo-400"
              >
                <span className="block text-sm text-slate-500">{card.label}</span>
                <span
                  className="mt-1 block text-3xl font-semibold text-slate-900"
                  data-testid={`count-${card.to.slice(1)}`}
                >
                  {card.value}
                </span>
              </Link>
            ))}
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <RecentList
              title="Recent Templates"
              empty="No templates yet. Upload a fillable PDF to get started."
              items={lists.templates.slice(0, RECENT_LIST_SIZE).map((template) => ({
                id: template.id,
                name: template.name,
                detail: fieldCount(template.field_count),
                created_at: template.created_at,
                to: `/templates/${template.id}`,
              }))}
            />
            <RecentList
              title="Recent Tables"
              empty="No tables yet. Create one to hold the data your forms need."
              items={lists.tables.slice(0, RECENT_LIST_SIZE).map((table) => ({
                id: table.id,
                name: table.name,
                detail: fieldCount(table.fields.length),
                created_at: table.created_at,
                to: `/tables/${table.id}`,
              }))}
            />
          </div>
        </>
      )}
      {canEdit ? (
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
      ) : null}
    </div>
  );
}
