import { MAX_UPLOAD_BYTES } from '@formbridge/contract/limits';
import { PUBLIC_FIELD_MESSAGES } from '@formbridge/contract/public-form-rules';
import type { PublicDataFile } from '@formbridge/contract/public-links';
import { formatBytes } from '../../../lib/format';

type Props = {
  label: string;
  required: boolean;
  files: PublicDataFile[];
  progress: number | null;
  isUploadBlocked: boolean;
  error?: string;
  onUpload: (file: File) => void;
  onTooLarge: (message: string) => void;
  onRemove: (file: PublicDataFile) => void;
};

/** Upload with a progress bar and the list of the record's files; one upload at a time. */
export function PublicFileField({
  label,
  required,
  files,
  progress,
  isUploadBlocked,
  error,
  onUpload,
  onTooLarge,
  onRemove,
}: Props) {
  return (
    <div>
      <span className="block text-sm font-medium text-slate-700">
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </span>
      <label
        className={`mt-1 flex cursor-pointer flex-col items-center rounded-lg border-2 border-dashed border-slate-300 px-4 py-5 text-center hover:border-indigo-400 ${isUploadBlocked ? 'pointer-events-none opacity-60' : ''}`}
      >
        <span className="text-sm font-medium text-indigo-600">Choose a file</span>
        <span className="mt-1 text-xs text-slate-500">PDF, DOC, PNG, JPG, etc. up to 10MB</span>
        <input
          type="file"
          aria-label={`Upload ${label}`}
          aria-invalid={error ? true : undefined}
          className="sr-only"
          disabled={isUploadBlocked}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) {
              return;
            }
            if (file.size > MAX_UPLOAD_BYTES) {
              onTooLarge(PUBLIC_FIELD_MESSAGES.fileTooLarge);
              return;
            }
            onUpload(file);
          }}
        />
      </label>
      {progress !== null ? (
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label={`Uploading ${label}`}
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-indigo-500 transition-all" style={{ width: `${progress}%` }} />
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul
          className="mt-2 divide-y divide-slate-100 rounded-md ring-1 ring-slate-200"
          aria-label={`Files of ${label}`}
        >
          {files.map((file) => (
            <li key={file.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="truncate">{file.filename}</span>
              <span className="flex shrink-0 items-center gap-3 text-xs text-slate-500">
                {formatBytes(file.file_size)}
                {file.removable ? (
                  <button
                    type="button"
                    onClick={() => onRemove(file)}
                    className="font-medium text-red-600 hover:text-red-500"
                  >
                    Remove
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p className="mt-1 text-sm text-red-600">{error}</p> : null}
    </div>
  );
}
