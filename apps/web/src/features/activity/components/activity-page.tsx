import { useMemo, useState } from 'react';
import { RoleRequired } from '../../../components/role-required';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { describeError } from '../../../lib/describe-error';
import { downloadAuditCsv } from '../api/download-audit-csv';
import {
  activeFilters,
  useAuditEvents,
  type ActivityFilters as Filters,
} from '../api/list-audit-events';
import { useActivityWorkspace } from '../hooks/use-activity-workspace';
import { ActivityEvent } from './activity-event';
import { ActivityFilters } from './activity-filters';

/**
 * The workspace's audit log for its admins: every write, newest first, a page at a time, with
 * who made it, from where, and each field's before → after; filtered and exported as CSV.
 */
export function ActivityPage() {
  return (
    <RoleRequired needed="admin">
      <ActivityLog />
    </RoleRequired>
  );
}

function ActivityLog() {
  const workspaceId = useActivityWorkspace();
  const [filters, setFilters] = useState<Filters>({});
  const [exportError, setExportError] = useState<string | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const [seenMembers] = useState(() => new Map<string, string>());
  const events = useAuditEvents(workspaceId ?? '', filters);
  const list = useMemo(
    () => events.data?.pages.flatMap((page) => page.events) ?? [],
    [events.data],
  );
  for (const event of list) {
    if (event.actor.kind === 'user' && event.actor.id) {
      seenMembers.set(event.actor.id, event.actor.name);
    }
  }
  const isFiltered = Object.keys(activeFilters(filters)).length > 0;

  const exportCsv = async () => {
    if (!workspaceId) {
      return;
    }
    setExportError(null);
    setIsExporting(true);
    try {
      await downloadAuditCsv(workspaceId, filters);
    } catch (error) {
      setExportError(describeError(error, 'Failed to export the activity'));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Activity</h1>
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={isExporting}>
          {isExporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      {exportError ? (
        <p role="alert" className="text-sm text-red-700">
          {exportError}
        </p>
      ) : null}
      <ActivityFilters filters={filters} members={seenMembers} onChange={setFilters} />
      {isFiltered ? (
        <Button variant="secondary" onClick={() => setFilters({})}>
          Clear filters
        </Button>
      ) : null}
      {events.isPending ? (
        <Spinner />
      ) : events.isError && list.length === 0 ? (
        <LoadFailed
          what="the activity"
          reason={describeError(events.error, 'Failed to load the activity')}
          onRetry={() => void events.refetch()}
          isRetrying={events.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title={isFiltered ? 'No activity matches these filters' : 'No activity yet'}
          message="Every change to this workspace's templates, tables, records, forms, links and members is listed here."
        />
      ) : (
        <>
          <ul className="space-y-3" aria-label="Activity">
            {list.map((event) => (
              <ActivityEvent
                key={event.id}
                event={event}
                onShowTarget={(kind, id) =>
                  setFilters({ ...filters, target_kind: kind, target_id: id })
                }
              />
            ))}
          </ul>
          {events.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-red-700">
              {describeError(events.error, 'Failed to load more activity')}
            </p>
          ) : null}
          {events.hasNextPage ? (
            <Button
              variant="secondary"
              onClick={() => void events.fetchNextPage()}
              disabled={events.isFetchingNextPage}
            >
              {events.isFetchingNextPage ? 'Loading...' : 'Show older activity'}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
