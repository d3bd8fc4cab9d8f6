import type { RecordFile } from '@formbridge/contract/records';
import { MAX_UPLOAD_LABEL } from '@formbridge/contract/limits';
import type { Field } from '@formbridge/contract/tables';
import { useId } from 'react';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { formatBytes } from '../../../../lib/format';
import type { FileFieldState } from '../hooks/use-record-file-fields';

type Props = {
  /** Null for a record not saved yet: files can only be attached to a saved record. */
  recordId: string | null;
  field: Field;
  /** Held by the record form, so it outlives this row when a long form scrolls it away. */
  state: FileFieldState;
  onPick: (file: File | undefined) => void;
  onRemove: (file: RecordFile) => void;
  isRemoving: boolean;
};

/** A file field: empty, uploading with a percentage, uploaded (download link), removable. */
export function RecordFileField({ recordId, field, state, onPick, onRemove, isRemoving }: Props) {
  const inputId = useId();
  const { files, uploading, error } = state;
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
                  <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500">
                    {formatBytes(file.file_size)}
                    <button
                      type="button"
                      onClick={() => onRemove(file)}
                      disabled={isRemoving}
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
          {uploading !== null ? (
            <ProgressBar percent={uploading.percent} label={`Uploading ${uploading.filename}...`} />
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
                    onPick(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </label>
              <p className="mt-1 text-xs text-slate-500">
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
