import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  isFinishedJobStatus,
  type JobListItem,
  type JobsListResponse,
} from '@formbridge/contract/jobs';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Jobs per page of the Jobs screen. */
export const JOBS_PAGE_SIZE = 20;

/** While a listed job is still queued or running, the list is read again this often. */
export const JOBS_REFRESH_MS = 3000;

function jobsPath(cursor: string | null): string {
  const query = new URLSearchParams({ limit: String(JOBS_PAGE_SIZE) });
  if (cursor) {
    query.set('cursor', cursor);
  }
  return `/api/v1/jobs?${query.toString()}`;
}

/** GET /api/v1/jobs a page at a time (newest first), each page from the last one's cursor. */
export const jobsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.jobs.list(JOBS_PAGE_SIZE),
    queryFn: ({ pageParam }) => apiRequest<JobsListResponse>(jobsPath(pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
    refetchInterval: (query) =>
      (query.state.data?.pages ?? []).some((page) => page.jobs.some(isUnfinished))
        ? JOBS_REFRESH_MS
        : false,
  });

function isUnfinished(job: JobListItem): boolean {
  return !isFinishedJobStatus(job.status);
}

export function useJobs() {
  return useInfiniteQuery(jobsQuery());
}
