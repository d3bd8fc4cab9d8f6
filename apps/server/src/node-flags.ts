/**
 * V8 flags the server process runs with (npm start, npm run dev, the benchmark's server child).
 *
 * A 2 MB young-generation semi-space: the main thread allocates many short-lived buffers while it
 * streams forms into a zip and writes rows, and V8's default (up to 16 MB per semi-space) keeps
 * them resident. Measured on a 1,000-record bulk: peak RSS 472 → 358 MB, 5,000 records 523 →
 * 381 MB, throughput 76 → 67 forms/s (docs/benchmarks.md).
 *
 * The old generation grows to 1.5× what the last full collection kept. With so small a young
 * generation, most of a form's short-lived objects are promoted and die there; V8's own factor
 * (up to 4×) let a bulk job's heap climb from 45 MB live to 110 MB of pages before collecting.
 * Measured on a 30,000-record bulk: peak RSS 322 → 289 MB, throughput unchanged (343 → 379
 * forms/s at load 7; docs/benchmarks.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=50'] as const;

/**
 * Environment of the server process: `env` with glibc's malloc held to two arenas unless
 * MALLOC_ARENA_MAX is set there already, and its thresholds fixed (MALLOC_TUNABLES below). By
 * default glibc gives threads arenas of their own (up to 8 per core), and the server's threads
 * (main, fill workers, libuv's pool, V8's helpers) left freed memory spread over them: RSS
 * through a 5,000-record bulk grew 280 → 300 MB and peaked at 321–324 MB; with two arenas it
 * stayed at 258–260 MB and peaked at 281 MB (docs/benchmarks.md). glibc reads both when the
 * process starts, so they are set on the child, not by the server itself.
 */
export function serverEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { MALLOC_ARENA_MAX: '2', GLIBC_TUNABLES: MALLOC_TUNABLES, ...env };
}

/**
 * glibc's malloc with fixed mmap and trim thresholds (128 KB, its starting values). Left dynamic,
 * the first freed mmapped block (a PDF's bytes, a zip chunk) raises the mmap threshold up to 32 MB,
 * so later large buffers come from the arenas, where freed space is kept and fragmented instead of
 * going back to the kernel. Measured on a 10,000-record bulk: peak RSS 322 → 301 MB at the same
 * speed (docs/benchmarks.md). Setting GLIBC_TUNABLES in the environment (even empty) replaces it.
 */
export const MALLOC_TUNABLES =
  'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';
