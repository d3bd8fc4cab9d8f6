import type { RecordFile, RecordResponse } from '@formbridge/contract/records';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '@formbridge/contract/limits';
import { readValue } from '@formbridge/contract/records-values';
import { useCallback, useState } from 'react';
import {
  describeFileError,
  useDeleteRecordFile,
  useUploadRecordFile,
} from '../api/record-files-api';

/** What one file field shows: its files, an upload under way (percent) and the last error. */
export type FileFieldState = {
  files: RecordFile[];
  /** The name of the file being uploaded, with its progress; null when none is. */
  uploading: { filename: string; percent: number } | null;
  error: string | null;
};

/** The file-field part of a record form, one entry per field. */
export type RecordFileFields = {
  stateOf: (fieldName: string) => FileFieldState;
  pick: (fieldName: string, file: File | undefined) => Promise<void>;
  remove: (fieldName: string, file: RecordFile) => Promise<void>;
  isRemoving: boolean;
};

/** The spec's client-side size message with the contract's 10 MB limit (contract.md Files). */
export function describeFileTooLarge(bytes: number): string {
  return `File size exceeds ${MAX_UPLOAD_LABEL} limit. File size: ${(bytes / 1024 / 1024).toFixed(2)}MB`;
}

function readFiles(record: RecordResponse | null, fieldName: string): RecordFile[] {
  const value = record ? readValue(record.data, fieldName) : null;
  return Array.isArray(value) ? (value as RecordFile[]) : [];
}

/**
 * File fields' state, held by the record form rather than by each field: a long form shows only
 * the fields in view, and a field scrolled out of view must not lose the file being uploaded, its
 * progress, the files uploaded since the form opened or its error.
 */
export function useRecordFileFields(
  tableId: string,
  record: RecordResponse | null,
): RecordFileFields {
  const upload = useUploadRecordFile(tableId);
  const deleteFile = useDeleteRecordFile(tableId);
  const [states, setStates] = useState<ReadonlyMap<string, FileFieldState>>(new Map());
  const recordId = record?.id ?? null;

  const stateOf = useCallback(
    (fieldName: string): FileFieldState =>
      states.get(fieldName) ?? {
        files: readFiles(record, fieldName),
        uploading: null,
        error: null,
      },
    [states, record],
  );
  const change = useCallback(
    (fieldName: string, update: (state: FileFieldState) => FileFieldState) =>
      setStates((current) => {
        const before = current.get(fieldName) ?? {
          files: readFiles(record, fieldName),
          uploading: null,
          error: null,
        };
        return new Map(current).set(fieldName, update(before));
      }),
    [record],
  );

  const pick = async (fieldName: string, file: File | undefined) => {
    if (!file || !recordId) {
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      change(fieldName, (state) => ({ ...state, error: describeFileTooLarge(file.size) }));
      return;
    }
    const uploading = { filename: file.name, percent: 0 };
    change(fieldName, (state) => ({ ...state, error: null, uploading }));
    try {
      const uploaded = await upload.mutateAsync({
        recordId,
        fieldName,
        file,
        onProgress: (percent) =>
          change(fieldName, (state) => ({ ...state, uploading: { filename: file.name, percent } })),
      });
      change(fieldName, (state) => ({ ...state, files: [...state.files, uploaded] }));
    } catch (caught) {
      const error = describeFileError(caught, 'Failed to upload file');
      change(fieldName, (state) => ({ ...state, error }));
    } finally {
      change(fieldName, (state) => ({ ...state, uploading: null }));
    }
  };

  const remove = async (fieldName: string, file: RecordFile) => {
    if (!recordId) {
      return;
    }
    change(fieldName, (state) => ({ ...state, error: null }));
    try {
      await deleteFile.mutateAsync({ recordId, fileId: file.id });
      change(fieldName, (state) => ({
        ...state,
        files: state.files.filter((item) => item.id !== file.id),
      }));
    } catch (caught) {
      const error = describeFileError(caught, 'Failed to delete file');
      change(fieldName, (state) => ({ ...state, error }));
    }
  };

  return { stateOf, pick, remove, isRemoving: deleteFile.isPending };
}
