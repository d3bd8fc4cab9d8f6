import type { RecordResponse } from '@formbridge/contract/records';
import { useQueries } from '@tanstack/react-query';
import { RECORDS_PAGE_SIZE, recordsPageQuery } from '../api/records-api';

export type RecordSlot =
  | { state: 'ready'; record: RecordResponse }
  | { state: 'loading' }
  | { state: 'failed' }
  // The page came back shorter: records were deleted since the count was read.
  | { state: 'gone' };

/**
 * The records at `indexes` (rows of the grid in view), read a page at a time from the server:
 * only the pages those rows fall in are fetched, and each page stays cached until the table's
 * records change.
 */
export function useRecordPages(tableId: string, indexes: readonly number[]) {
  const pageIndexes = [...new Set(indexes.map((index) => Math.floor(index / RECORDS_PAGE_SIZE)))];
  const pages = useQueries({
    queries: pageIndexes.map((pageIndex) => recordsPageQuery(tableId, pageIndex)),
  });
  const byPage = new Map(pageIndexes.map((pageIndex, at) => [pageIndex, pages[at]]));
  return (index: number): RecordSlot => {
    const page = byPage.get(Math.floor(index / RECORDS_PAGE_SIZE));
    const record = page?.data?.[index % RECORDS_PAGE_SIZE];
    if (record) {
      return { state: 'ready', record };
    }
    if (page?.isError) {
      return { state: 'failed' };
    }
    return page?.data ? { state: 'gone' } : { state: 'loading' };
  };
}
