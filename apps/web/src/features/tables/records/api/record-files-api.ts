import type { RecordFile } from '@formbridge/contract/records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { describeError } from '../../../../lib/describe-error';
import { uploadWithProgress } from '../../../../lib/upload-with-progress';

const filesPath = (tableId: string, recordId: string) =>
  `/api/v1/files/${tableId}/records/${recordId}`;

type UploadInput = {
  tableId: string;
  recordId: string;
  fieldName: string;
  file: File;
  onProgress: (percent: number) => void;
};

/** Uploads one file to a record's file field, reporting progress. */
export function uploadRecordFile({
  tableId,
  recordId,
  fieldName,
  file,
  onProgress,
}: UploadInput): Promise<RecordFile> {
  const form = new FormData();
  form.append('field_name', fieldName);
  form.append('file', file);
  return uploadWithProgress<RecordFile>(`${filesPath(tableId, recordId)}/upload`, form, onProgress);
}

export function useUploadRecordFile(tableId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<UploadInput, 'tableId'>) => uploadRecordFile({ ...input, tableId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tables.records(tableId) }),
  });
}

export function useDeleteRecordFile(tableId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, fileId }: { recordId: string; fileId: string }) =>
      apiRequest<null>(`${filesPath(tableId, recordId)}/files/${fileId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tables.records(tableId) }),
  });
}

/** The server's reason for a failed file call, else the spec's fallback. */
export function describeFileError(error: unknown, fallback: string): string {
  return describeError(error, fallback);
}
