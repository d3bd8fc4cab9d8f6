import {
  JOB_EVENTS,
  isFinishedJobStatus,
  type Job,
  type JobProgress,
  type JobResponse,
} from '@formbridge/contract/jobs';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { getJob } from '../api/generation-api';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Answers that no retry can change: the job is gone or no longer this user's to see. */
function isFinalFailure(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 404].includes(error.status);
}

/**
 * Follows a generation job: progress from its server-sent events (polling if the stream fails),
 * then the finished job with its results. A server that does not answer (restarting, a proxy's
 * 502, the network) is asked again with a growing pause, 1 s doubling to 30 s: the job goes on
 * on the server, so the dialog keeps following it and shows its real end.
 */
export function useJobProgress(job: Job | null) {
  const [progress, setProgress] = useState<JobProgress | null>(job);
  const [finished, setFinished] = useState<JobResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Seconds until the next try while the server does not answer, else null. */
  const [retryInSeconds, setRetryInSeconds] = useState<number | null>(null);

  useEffect(() => {
    if (!job) {
      return;
    }
    let isActive = true;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = FIRST_RETRY_MS;
    const finish = async () => {
      try {
        const response = await getJob(job.id);
        if (!isActive) {
          return;
        }
        retryMs = FIRST_RETRY_MS;
        setRetryInSeconds(null);
        setProgress(response.job);
        if (isFinishedJobStatus(response.job.status)) {
          setFinished(response);
        } else {
          pollTimer = setTimeout(() => void finish(), 1000);
        }
      } catch (caught) {
        if (!isActive) {
          return;
        }
        if (isFinalFailure(caught)) {
          setError(caught instanceof Error ? caught.message : 'Failed to generate forms');
          return;
        }
        setRetryInSeconds(Math.round(retryMs / 1000));
        pollTimer = setTimeout(() => void finish(), retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      }
    };
    const source = new EventSource(job.events_url);
    source.addEventListener(JOB_EVENTS.progress, (event) => {
      setProgress(JSON.parse((event as MessageEvent<string>).data) as JobProgress);
    });
    source.addEventListener(JOB_EVENTS.end, () => {
      source.close();
      void finish();
    });
    source.onerror = () => {
      // The stream dropped (proxy, network, a restart): fall back to asking every second.
      source.close();
      void finish();
    };
    return () => {
      isActive = false;
      source.close();
      clearTimeout(pollTimer);
    };
  }, [job]);

  return { progress, finished, error, retryInSeconds };
}
