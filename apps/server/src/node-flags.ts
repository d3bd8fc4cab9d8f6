/**
 * V8 flags the server process runs with (npm start, npm run dev, the benchmark's server child).
 *
 * A 2 MB young-generation semi-space: the main thread allocates many short-lived buffers while it
 * streams forms into a zip and writes rows, and V8's default (up to 16 MB per semi-space) keeps
 * them resident. Measured on a 1,000-record bulk: peak RSS 472 → 358 MB, 5,000 records 523 →
 * 381 MB, throughput 76 → 67 forms/s (docs/benchmarks.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'] as const;
