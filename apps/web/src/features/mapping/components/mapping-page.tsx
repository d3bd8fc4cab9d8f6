import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { RoleRequired } from '../../../components/role-required';
import { Spinner } from '../../../components/ui/spinner';
import { LoadFailed } from '../../../components/ui/load-failed';
import { describeError, isNotFoundError } from '../../../lib/describe-error';
import { useMappingState } from '../hooks/use-mapping-state';
import { MappingTableView } from './mapping-table-view';
import { MappingToolbar } from './mapping-toolbar';
import { VisualMapper } from './visual-mapper';

type Mode = 'visual' | 'table';

export function MappingPage() {
  return (
    <RoleRequired needed="editor">
      <MappingScreen />
    </RoleRequired>
  );
}

function MappingScreen() {
  const { templateId = '' } = useParams();
  const state = useMappingState(templateId);
  const [mode, setMode] = useState<Mode>('visual');
  // One filter for both views: switching views keeps what the user was looking for.
  const [filter, setFilter] = useState('');
  const template = state.template.data;

  if (state.template.isPending) {
    return <Spinner />;
  }
  if (!template && !isNotFoundError(state.template.error)) {
    return (
      <LoadFailed
        what="the mapping"
        reason={describeError(state.template.error, 'Failed to load mapping data')}
        onRetry={() => void state.template.refetch()}
        isRetrying={state.template.isFetching}
      />
    );
  }
  if (!template) {
    return (
      <div className="rounded-lg bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold text-slate-900">Template not found</h1>
        <Link
          to="/templates"
          className="mt-4 inline-block font-medium text-indigo-600 hover:text-indigo-500"
        >
          Back to templates
        </Link>
      </div>
    );
  }

  const hasFields = template.field_count > 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={`/templates/${template.id}`}
            className="text-sm text-indigo-600 hover:text-indigo-500"
          >
            ← Back
          </Link>
          <h1 className="text-2xl font-bold [overflow-wrap:anywhere] text-slate-900">
            {template.name}
          </h1>
        </div>
        {hasFields ? (
          <div
            role="group"
            aria-label="Mapping mode"
            className="inline-flex overflow-hidden rounded-md ring-1 ring-slate-300"
          >
            {(['visual', 'table'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={mode === value}
                onClick={() => setMode(value)}
                className={`px-4 py-2 text-sm font-medium ${mode === value ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
              >
                {value === 'visual' ? 'Visual Mapping' : 'Table View'}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <MappingToolbar state={state} />
      {!hasFields ? (
        <div className="rounded-lg bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-medium text-slate-900">No fields detected</p>
          <p className="mt-1 text-sm text-slate-500">
            This PDF template doesn&apos;t have any detectable form fields.
          </p>
        </div>
      ) : state.mappings.isPending ? (
        <Spinner />
      ) : mode === 'visual' ? (
        <VisualMapper state={state} filter={filter} onFilterChange={setFilter} />
      ) : (
        <MappingTableView state={state} filter={filter} onFilterChange={setFilter} />
      )}
      <div className="flex justify-between border-t border-slate-200 pt-4">
        <Link
          to={`/templates/${template.id}`}
          className="rounded-md px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Back to Template
        </Link>
        <Link
          to={`/forms?${new URLSearchParams({
            generate: template.id,
            ...(state.selectedTableId ? { table: state.selectedTableId } : {}),
          }).toString()}`}
          className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Generate Forms
        </Link>
      </div>
    </div>
  );
}
