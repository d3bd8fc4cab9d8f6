import type { RecordResponse } from '@formbridge/contract/records';
import type { TableResponse } from '@formbridge/contract/tables';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { notify } from '../../../../lib/toast';
import { recordsQuery } from '../api/records-api';
import { tableQuery } from '../../api/tables-api';
import type { LinkedTableData } from '../utils/cell-display';

/** One linked table: loading until both its schema and its records are in. */
export type LinkedTable = {
  table: TableResponse | undefined;
  records: RecordResponse[] | undefined;
  /** Ready for link labels; undefined while loading or after a failure. */
  data: LinkedTableData | undefined;
};

/**
 * Loads every table the link fields point at, with its records, for link cells and link selects
 * (spec §7: linked tables and their records are fetched for link fields).
 */
export function useLinkedTables(
  table: TableResponse | undefined,
): ReadonlyMap<string, LinkedTable> {
  const ids = useMemo(() => {
    const linked = (table?.fields ?? []).flatMap((field) =>
      field.type === 'link' && field.linked_table_id ? [field.linked_table_id] : [],
    );
    return [...new Set(linked)];
  }, [table]);

  const tables = useQueries({ queries: ids.map((id) => tableQuery(id)) });
  const records = useQueries({ queries: ids.map((id) => recordsQuery(id)) });
  const hasError = tables.some((query) => query.isError) || records.some((query) => query.isError);

  useEffect(() => {
    if (hasError) {
      notify.error('Failed to load data for linked fields.');
    }
  }, [hasError]);

  const result = new Map<string, LinkedTable>();
  ids.forEach((id, index) => {
    const linkedTable = tables[index]?.data;
    const linkedRecords = records[index]?.data;
    const data =
      linkedTable && linkedRecords
        ? { table: linkedTable, recordsById: indexRecords(linkedRecords) }
        : undefined;
    result.set(id, { table: linkedTable, records: linkedRecords, data });
  });
  return result;
}

// Cached per records array (the query keeps the same array until it refetches), so a render
// does not re-index 10,000 records.
const indexes = new WeakMap<readonly RecordResponse[], Map<string, RecordResponse>>();

function indexRecords(records: readonly RecordResponse[]): Map<string, RecordResponse> {
  let index = indexes.get(records);
  if (!index) {
    index = new Map(records.map((record) => [record.id, record]));
    indexes.set(records, index);
  }
  return index;
}
