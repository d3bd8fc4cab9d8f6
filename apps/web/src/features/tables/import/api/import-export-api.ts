import type { ImportPreview, ImportResult } from '@formbridge/contract/imports';
import type { ImportFormat } from '@formbridge/contract/import-formats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import { createIdempotentSender } from '../../../../lib/idempotency-keys';
import { queryKeys } from '../../../../lib/query-keys';
import { authHeaders } from '../../../../lib/workspace-store';
import { invalidateTableLists } from '../../api/tables-api';

/** Column → field name, or null for a column that is not imported. */
export type ColumnMapping = Record<string, string | null>;

const tablePath = (tableId: string) => `/api/v1/dynamic-tables/${tableId}`;
// An import retried after no answer sends its Idempotency-Key again (lib/idempotency-keys).
const importSender = createIdempotentSender();

export function usePreviewImport(tableId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<ImportPreview>(`${tablePath(tableId)}/import/preview`, {
        method: 'POST',
        body: form,
      });
    },
  });
}

export function useImportRecords(tableId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      mapping,
      format,
    }: {
      file: File;
      mapping: ColumnMapping;
      format: ImportFormat;
    }) => {
      const form = new FormData();
      form.append('file', file);
      form.append('mapping', JSON.stringify(mapping));
      form.append('date_order', format.date_order);
      form.append('decimal_separator', format.decimal_separator);
      const identity = [tableId, file.name, file.size, file.lastModified, mapping, format];
      return importSender.send(identity, (headers) =>
        apiRequest<ImportResult>(`${tablePath(tableId)}/import`, {
          method: 'POST',
          body: form,
          headers,
        }),
      );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tables.records(tableId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tables.detail(tableId), exact: true }),
        invalidateTableLists(queryClient),
      ]),
  });
}

/** The file name of an attachment: RFC 5987 `filename*` first, then `filename`. */
export function readAttachmentName(header: string | null): string | null {
  if (!header) {
    return null;
  }
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape falls through to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

/**
 * Downloads the table as CSV. The export needs the bearer header, so a plain link cannot fetch
 * it: the file comes back as a blob and an object URL hands it to the browser's downloads.
 */
export async function downloadTableCsv(tableId: string, tableName: string): Promise<void> {
  const response = await fetch(`${tablePath(tableId)}/export.csv`, { headers: authHeaders() });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the text is the detail.
    }
    throw new ApiError(response.status, body, 'Failed to export records');
  }
  const blob = await response.blob();
  const name =
    readAttachmentName(response.headers.get('content-disposition')) ?? `${tableName}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
