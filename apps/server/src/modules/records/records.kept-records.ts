// Bounds keep a long-running server's memory flat: a record of six short fields is ≈ 350
// characters, so the budget holds ≈ 45,000 of them; a table's are dropped whole, least recently
// read first.
const MAX_CHARS = 16 * 1024 * 1024;

type TableTexts = { version: number; texts: Map<string, string>; chars: number };

/** The presented records of one version of one table, by record id. */
export type KeptRecords = {
  get: (recordId: string) => string | undefined;
  set: (recordId: string, text: string) => void;
};

/**
 * Each record's JSON text as a records page writes it, kept for one `records_version` of its
 * table, so a page read for the first time (another offset or page size) copies the records read
 * before instead of parsing and presenting them again. The version follows the same rule as
 * kept pages (records.page-cache.ts): every write that changes what a record shows moves it on in
 * its own transaction, and every request reads it first. Tables with file fields are not kept:
 * their records carry signed file links that expire.
 */
export class RecordTexts {
  // Least recently read first.
  private readonly tables = new Map<string, TableTexts>();
  private chars = 0;

  /** The records kept for this version of the table (none yet when it moved on). */
  forVersion(tableId: string, version: number): KeptRecords {
    let table = this.tables.get(tableId);
    if (table && table.version > version) {
      // This request read an older version than one kept: it neither reads nor keeps.
      return { get: () => undefined, set: () => undefined };
    }
    if (!table || table.version < version) {
      this.chars -= table?.chars ?? 0;
      table = { version, texts: new Map(), chars: 0 };
    }
    this.tables.delete(tableId);
    this.tables.set(tableId, table);
    const kept = table;
    return {
      get: (recordId) => kept.texts.get(recordId),
      set: (recordId, text) => this.add(tableId, kept, recordId, text),
    };
  }

  private add(tableId: string, table: TableTexts, recordId: string, text: string): void {
    if (this.tables.get(tableId) !== table || table.texts.has(recordId)) {
      return;
    }
    for (const [oldest, entry] of this.tables) {
      if (this.chars + text.length <= MAX_CHARS || entry === table) {
        break;
      }
      this.tables.delete(oldest);
      this.chars -= entry.chars;
    }
    if (this.chars + text.length > MAX_CHARS) {
      return;
    }
    table.texts.set(recordId, text);
    table.chars += text.length;
    this.chars += text.length;
  }
}
