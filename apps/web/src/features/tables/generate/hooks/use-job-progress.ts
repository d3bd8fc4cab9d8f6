import {
  JOB_EVENTS,
  isFinishedJobStatus,
  type Job,
  type JobProgress,
  type JobResponse,
} from '@formbridge/contract/jobs';
import { useEffect, useState } from 'react';
import { getJob } from '../api/generation-api';

/**
 * Follows a generation job: progress from its server-sent events (polling if the stream fails),
 * then the finished job with its results.
 */
export function useJobProgress(job: Job | null) {
  const [progress, setProgress] = useState<JobProgress | null>(job);
  const [finished, setFinished] = useState<JobResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!job) {
      return;
    }
    let isActive = true;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    const finish = async () => {
      try {
        const response = await getJob(job.id);
        if (!isActive) {
          return;
        }
        if (isFinishedJobStatus(response.job.status)) {
          setProgress(response.job);
          setFinished(response);
        } else {
          setProgress(response.job);
          pollTimer = setTimeout(() => void finish(), 1000);
        }
      } catch (caught) {
        if (isActive) {
          setError(caught instanceof Error ? caught.message : 'Failed to generate forms');
        }
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
      // The stream dropped (proxy, network): fall back to asking every second.
      source.close();
      void finish();
    };
    return () => {
      isActive = false;
      source.close();
      clearTimeout(pollTimer);
    };
  }, [job]);

  return { progress, finished, error };
}
