import type { Page } from './records.repo.ts';

// Bounds keep a long-running server's memory flat: a 50-record page of six short fields is
// ≈ 18 KB, so the budget holds ≈ 900 of them; a page bigger than MAX_ENTRY_BYTES is not kept.
const MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRY_BYTES = 1024 * 1024;

type Entry = { version: number; body: Buffer };

/**
 * Answers of records pages, as the bytes sent, for one `records_version` of their table. The
 * version lives on the table's row and moves on in the same transaction as every write that
 * changes what a page shows (record insert, update, delete, import, file attach and detach, a
 * change of the table's fields or rules), and every request reads the row before asking here, so
 * a page written on this server or any other is never answered from an older version. Pages
 * of tables with file fields are not kept: they carry signed file links that expire.
 */
export class RecordPageCache {
  // Least recently used first; one entry per table and page, whatever its version.
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /** The answer kept for this page of this version of the table. */
  get(tableId: string, version: number, page: Page): Buffer | undefined {
    const key = pageKey(tableId, page);
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) {
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  /**
   * Keeps the answer of a page read at `version`. A request that read an older version than the
   * kept one (a write landed while it ran) changes nothing.
   */
  set(tableId: string, version: number, page: Page, body: Buffer): void {
    if (body.length > MAX_ENTRY_BYTES) {
      return;
    }
    const key = pageKey(tableId, page);
    const kept = this.entries.get(key);
    if (kept && kept.version > version) {
      return;
    }
    if (kept) {
      this.entries.delete(key);
      this.bytes -= kept.body.length;
    }
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= MAX_BYTES) {
        break;
      }
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }
}

function pageKey(tableId: string, page: Page): string {
  return `${tableId}:${page.limit}:${page.offset}`;
}
