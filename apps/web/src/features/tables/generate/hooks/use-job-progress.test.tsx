import type { Job, JobResponse } from '@formbridge/contract/jobs';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useJobProgress } from './use-job-progress';

const JOB: Job = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'bulk_generation',
  status: 'running',
  done: 3,
  total: 10,
  failed: 0,
  error: null,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  finished_at: null,
  events_url: '/api/v1/jobs/events',
};

/** An EventSource whose stream drops at once, as through a restarting server. */
class DroppedStream {
  onerror: (() => void) | null = null;
  constructor() {
    queueMicrotask(() => this.onerror?.());
  }
  addEventListener() {}
  close() {}
}

/** The answers GET /api/v1/jobs/{id} gives, one per call (the last one repeats). */
function serve(answers: Array<{ status: number; body?: unknown }>) {
  const calls: number[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const answer = answers[Math.min(calls.length, answers.length - 1)]!;
      calls.push(answer.status);
      return new Response(JSON.stringify(answer.body ?? { detail: 'Bad gateway' }), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

describe('useJobProgress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', DroppedStream);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps asking with a growing pause while the server does not answer, then shows the end', async () => {
    const finished: JobResponse = {
      job: { ...JOB, status: 'succeeded', done: 10, finished_at: '2026-11-27T10:05:00.000Z' },
      total: 10,
      successful: 10,
      failed: 0,
      results: [],
    } as JobResponse;
    const calls = serve([
      { status: 502 },
      { status: 502 },
      { status: 503 },
      { status: 200, body: finished },
    ]);
    const { result } = renderHook(() => useJobProgress(JOB));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls).toEqual([502]);
    expect(result.current.retryInSeconds).toBe(1);
    expect(result.current.error).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.retryInSeconds).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(result.current.retryInSeconds).toBe(4);
    expect(calls).toEqual([502, 502, 503]);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(result.current.retryInSeconds).toBeNull();
    expect(result.current.finished?.job.status).toBe('succeeded');
    expect(result.current.progress?.done).toBe(10);
  });

  it('stops with the message when the job is gone', async () => {
    serve([{ status: 404, body: { detail: 'Job not found' } }]);
    const { result } = renderHook(() => useJobProgress(JOB));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.error).toBe('Job not found');
    expect(result.current.retryInSeconds).toBeNull();
  });
});
