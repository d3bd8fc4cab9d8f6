import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '@formbridge/contract/limits';
import type { Field } from '@formbridge/contract/tables';
import { useId, useState } from 'react';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatBytes } from '../../../lib/format';
import {
  describeFileError,
  useDeleteRecordFile,
  useUploadRecordFile,
} from '../api/record-files-api';
import type { RecordFileDto } from '../api/records-api';

/** The spec's client-side size message with the contract's 10 MB limit (contract.md Files). */
export function describeFileTooLarge(bytes: number): string {
  return `File size exceeds ${MAX_UPLOAD_LABEL} limit. File size: ${(bytes / 1024 / 1024).toFixed(2)}MB`;
}

type Props = {
  tableId: string;
  /** Null for a record not saved yet: files can only be attached to a saved record. */
  recordId: string | null;
  field: Field;
  initialFiles: RecordFileDto[];
};

/** A file field: empty, uploading with a percentage, uploaded (download link), removable. */
export function RecordFileField({ tableId, recordId, field, initialFiles }: Props) {
  const inputId = useId();
  const upload = useUploadRecordFile(tableId);
  const deleteFile = useDeleteRecordFile(tableId);
  const [files, setFiles] = useState(initialFiles);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onPick = async (file: File | undefined) => {
    if (!file || !recordId) {
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(describeFileTooLarge(file.size));
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const uploaded = await upload.mutateAsync({
        recordId,
        fieldName: field.name,
        file,
        onProgress: setProgress,
      });
      setFiles((current) => [...current, uploaded]);
    } catch (caught) {
      setError(describeFileError(caught, 'Failed to upload file'));
    } finally {
      setProgress(null);
    }
  };

  const onRemove = async (file: RecordFileDto) => {
    if (!recordId) {
      return;
    }
    setError(null);
    try {
      await deleteFile.mutateAsync({ recordId, fileId: file.id });
      setFiles((current) => current.filter((item) => item.id !== file.id));
    } catch (caught) {
      setError(describeFileError(caught, 'Failed to delete file'));
    }
  };

  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">
        {field.label}
        {field.required ? ' *' : ''}
      </legend>
      {recordId === null ? (
        <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-500">
          File upload will be available after saving the record
        </p>
      ) : (
        <div className="mt-1 space-y-2">
          {files.length > 0 ? (
            <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
              {files.map((file) => (
                <li key={file.id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <a
                    href={file.file_path}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="truncate text-sm text-indigo-600 hover:text-indigo-500"
                  >
                    {file.filename}
                  </a>
                  <span className="flex shrink-0 items-center gap-2 text-xs text-slate-400">
                    {formatBytes(file.file_size)}
                    <button
                      type="button"
                      onClick={() => void onRemove(file)}
                      disabled={deleteFile.isPending}
                      aria-label={`Remove ${file.filename}`}
                      className="rounded-md px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50"
                    >
                      Remove
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {progress !== null ? (
            <ProgressBar percent={progress} label="Uploading..." />
          ) : (
            <div>
              <label
                htmlFor={inputId}
                className="inline-flex cursor-pointer rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-indigo-500 hover:bg-slate-50"
              >
                {files.length > 0 ? 'Upload another file' : 'Upload a file'}
                <input
                  id={inputId}
                  type="file"
                  className="sr-only"
                  aria-label={`Upload file for ${field.label}`}
                  onChange={(event) => {
                    void onPick(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </label>
              <p className="mt-1 text-xs text-slate-400">
                PNG, JPG, PDF, DOC up to {MAX_UPLOAD_LABEL}
              </p>
            </div>
          )}
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
