import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '@formbridge/contract/limits';
import { TEMPLATE_MESSAGES } from '@formbridge/contract/templates';
import { useState, type DragEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { formatBytes } from '../../../lib/format';
import { describeError } from '../../../lib/describe-error';
import { notify } from '../../../lib/toast';
import { useUploadTemplate } from '../api/templates-api';

function isPdfName(file: File): boolean {
  return file.name.toLowerCase().endsWith('.pdf');
}

/** 'Upload Template': name + PDF picker with drag-and-drop; the server's reason on failure. */
export function TemplateUploadDialog({ onClose }: { onClose: () => void }) {
  const upload = useUploadTemplate();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);

  const pickFile = (picked: File | undefined) => {
    if (!picked) {
      return;
    }
    if (!isPdfName(picked)) {
      setError('Only .pdf files can be uploaded');
      return;
    }
    // Said before a byte is sent: the server would refuse it only after the whole upload.
    if (picked.size > MAX_UPLOAD_BYTES) {
      setError(
        `${picked.name} is ${formatBytes(picked.size)}; PDF templates can be at most ${MAX_UPLOAD_LABEL}.`,
      );
      return;
    }
    setError(null);
    setFile(picked);
    if (!name.trim()) {
      setName(picked.name.replace(/\.pdf$/i, ''));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    pickFile(event.dataTransfer.files[0]);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !file) {
      setError(TEMPLATE_MESSAGES.clientMissingInput);
      return;
    }
    setError(null);
    try {
      const template = await upload.mutateAsync({ name: name.trim(), file });
      notify.success('Template uploaded successfully');
      onClose();
      // A flat PDF has nothing to map yet: straight to the fields found on its pages.
      if (template.field_count === 0) {
        await navigate(`/templates/${template.id}/fields`);
      }
    } catch (caught) {
      setError(
        describeError(caught, 'Failed to upload template. Please try again.', {
          allowPlainText: true,
        }),
      );
    }
  };

  return (
    <Modal
      title="Upload Template"
      onClose={onClose}
      isBusy={upload.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="template-upload-form" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload'}
          </Button>
        </>
      }
    >
      <form id="template-upload-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <ErrorBanner message={error} />
        <TextField
          label="Template name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <div>
          <span className="block text-sm font-medium text-slate-700">PDF file</span>
          <label
            onDragOver={(event) => {
              event.preventDefault();
              setIsDragging(true);
            }}
            onDragLeave={() => setIsDragging(false)}
            onDrop={onDrop}
            className={`mt-1 flex cursor-pointer flex-col items-center rounded-lg border-2 border-dashed px-6 py-8 text-center ${
              isDragging
                ? 'border-indigo-500 bg-indigo-50'
                : 'border-slate-300 hover:border-indigo-400'
            }`}
          >
            <span className="text-sm font-medium text-indigo-600">Choose a PDF</span>
            <span className="mt-1 text-sm text-slate-500">or drag and drop it here</span>
            <span className="mt-2 text-xs text-slate-500">
              PDF files only, up to {MAX_UPLOAD_LABEL}
            </span>
            <input
              type="file"
              accept=".pdf,application/pdf"
              aria-label="PDF file"
              className="sr-only"
              onChange={(event) => pickFile(event.target.files?.[0])}
            />
          </label>
          {file ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="picked-file">
              {file.name} <span className="text-slate-500">({formatBytes(file.size)})</span>
            </p>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
