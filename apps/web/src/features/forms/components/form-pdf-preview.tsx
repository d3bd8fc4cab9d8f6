import { PdfPagedViewer } from '../../../components/pdf/pdf-paged-viewer';

type Props = { formId: string; fileUrl: string; downloadUrl: string };

/** The completed PDF, with the spec's 'PDF Not Found' panel when it cannot be shown. */
export function FormPdfPreview({ formId, fileUrl, downloadUrl }: Props) {
  return (
    <PdfPagedViewer
      title="PDF Preview"
      fileUrl={fileUrl}
      downloadUrl={downloadUrl}
      renderError={(_message, retry) => (
        <div role="alert" className="rounded-md bg-red-50 p-6 text-sm text-red-700">
          <h3 className="text-base font-semibold">PDF Not Found</h3>
          <p className="mt-1">The PDF file for this form is missing or corrupted.</p>
          <dl className="mt-3 space-y-1 text-xs text-red-600">
            <div>
              <dt className="inline font-medium">Form ID: </dt>
              <dd className="inline font-mono">{formId}</dd>
            </div>
            <div>
              <dt className="inline font-medium">File path: </dt>
              <dd className="inline font-mono break-all">{fileUrl.split('?')[0]}</dd>
            </div>
          </dl>
          <button
            type="button"
            onClick={retry}
            className="mt-4 rounded-md bg-red-600 px-3 py-1.5 font-medium text-white hover:bg-red-700"
          >
            Retry Loading
          </button>
        </div>
      )}
    />
  );
}
