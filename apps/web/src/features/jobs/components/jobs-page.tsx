import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { describeError } from '../../../lib/describe-error';
import { useJobs } from '../api/list-jobs';
import { JobRow } from './job-row';

/**
 * Every bulk and multi-template generation of the user, newest first, a page at a time: where a
 * job's outcome and zip can be found after its progress dialog was closed or the server restarted.
 */
export function JobsPage() {
  const jobs = useJobs();
  const list = jobs.data?.pages.flatMap((page) => page.jobs) ?? [];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Jobs</h1>
      {jobs.isPending ? (
        <Spinner />
      ) : jobs.isError && list.length === 0 ? (
        <LoadFailed
          what="your jobs"
          reason={describeError(jobs.error, 'Failed to load jobs')}
          onRetry={() => void jobs.refetch()}
          isRetrying={jobs.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title="No jobs yet"
          message="Generating forms for many records or templates at once runs as a job, listed here."
          action={
            <Link
              to="/tables"
              className="text-sm font-medium text-indigo-600 hover:text-indigo-800"
            >
              Go to Dynamic Tables
            </Link>
          }
        />
      ) : (
        <>
          <ul className="space-y-3" aria-label="Jobs">
            {list.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
          {jobs.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-red-700">
              {describeError(jobs.error, 'Failed to load more jobs')}
            </p>
          ) : null}
          {jobs.hasNextPage ? (
            <Button
              variant="secondary"
              onClick={() => void jobs.fetchNextPage()}
              disabled={jobs.isFetchingNextPage}
            >
              {jobs.isFetchingNextPage ? 'Loading...' : 'Show older jobs'}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
