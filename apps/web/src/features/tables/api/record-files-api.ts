import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatErrorDetail } from '@formbridge/contract/errors';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { readToken } from '../../../lib/session';
import { tableRecordsKey } from './tables-api';
import type { RecordFileDto } from './records-api';

const filesPath = (tableId: string, recordId: string) =>
  `/api/v1/files/${tableId}/records/${recordId}`;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type UploadInput = {
  tableId: string;
  recordId: string;
  fieldName: string;
  file: File;
  onProgress: (percent: number) => void;
};

/**
 * Uploads one file to a record's file field. XMLHttpRequest rather than fetch because only it
 * reports upload progress; failures are ApiErrors like every other call.
 */
export function uploadRecordFile({
  tableId,
  recordId,
  fieldName,
  file,
  onProgress,
}: UploadInput): Promise<RecordFileDto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${filesPath(tableId, recordId)}/upload`);
    request.setRequestHeader('accept', 'application/json');
    const token = readToken();
    if (token) {
      request.setRequestHeader('authorization', `Bearer ${token}`);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress((event.loaded / event.total) * 100);
      }
    };
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(body as RecordFileDto);
      } else {
        reject(new ApiError(request.status, body, 'Failed to upload file'));
      }
    };
    request.onerror = () => reject(new ApiError(0, null, 'Failed to upload file'));
    const form = new FormData();
    form.append('field_name', fieldName);
    form.append('file', file);
    request.send(form);
  });
}

export function useUploadRecordFile(tableId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<UploadInput, 'tableId'>) => uploadRecordFile({ ...input, tableId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableRecordsKey(tableId) }),
  });
}

export function useDeleteRecordFile(tableId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, fileId }: { recordId: string; fileId: string }) =>
      apiRequest<null>(`${filesPath(tableId, recordId)}/files/${fileId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableRecordsKey(tableId) }),
  });
}

/** The server's reason for a failed file call, else the spec's fallback. */
export function describeFileError(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (formatErrorDetail(error.body) ?? fallback) : fallback;
}
