import type { Storage } from './storage.ts';

export type CopySummary = { copied: number; skipped: number; bytes: number };

/**
 * Copies every stored file from one store to another, streamed (no whole file in memory).
 * Files already present in the target with the same size are skipped, so an interrupted copy
 * is simply run again. The source is never modified.
 */
export async function copyStoredFiles(
  from: Storage,
  to: Storage,
  onProgress: (key: string) => void = () => undefined,
): Promise<CopySummary> {
  const present = new Set<string>();
  for await (const key of to.list('')) {
    present.add(key);
  }
  const summary: CopySummary = { copied: 0, skipped: 0, bytes: 0 };
  for await (const key of from.list('')) {
    const source = await from.openStream(key);
    if (present.has(key) && (await to.openStream(key).then(sizeOf)) === source.size) {
      source.stream.destroy();
      summary.skipped += 1;
      continue;
    }
    summary.bytes += await to.putStream(key, source.stream);
    summary.copied += 1;
    onProgress(key);
  }
  return summary;
}

function sizeOf(opened: Awaited<ReturnType<Storage['openStream']>>): number {
  opened.stream.destroy();
  return opened.size;
}
