import type { AppContext } from '../../lib/context.ts';
import type { TokenClaims } from '../../lib/tokens.ts';
import { RecordPageCache } from './records.page-cache.ts';
import { RecordPageStarts } from './records.page-starts.ts';
import { RecordTexts, type KeptRecords } from './records.kept-records.ts';
import { presentRecordsText } from './records.presenter.ts';
import type { Page } from './records.repo.ts';
import { listTableRecords, type RecordsView } from './records.read.ts';

export type RecordsReader = {
  /** A table's records as the answer's JSON bytes, whole or one page, with the table's count. */
  list: (
    session: TokenClaims | null,
    workspaceId: string,
    tableId: string,
    page: Page | undefined,
  ) => Promise<{ total: number; body: Buffer }>;
};

/**
 * The records list read path with its caches (page starts, encoded pages, encoded records): one
 * per app, built in app.ts, so the caches outlive any one route registration and every reader of
 * records shares them.
 */
export function createRecordsReader(ctx: AppContext): RecordsReader {
  const memory = {
    starts: new RecordPageStarts(),
    pages: new RecordPageCache(),
    records: new RecordTexts(),
  };
  const encode = (view: RecordsView, kept?: KeptRecords) =>
    Buffer.from(presentRecordsText(view.table, view.rows, view.filesById, ctx.signer, kept));
  return {
    list: (session, workspaceId, tableId, page) =>
      listTableRecords(ctx, session, workspaceId, tableId, page, memory, encode),
  };
}
