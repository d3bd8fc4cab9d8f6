import { FORM_VIEW_ZOOM } from '@formbridge/contract/limits';
import { useState } from 'react';
import { Page } from 'react-pdf';
import { PdfDocument } from '../../../components/pdf/pdf-document';

type Props = { formId: string; fileUrl: string; downloadUrl: string };

const control =
  'rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40';

/** The completed PDF with page navigation and zoom 60–200% in 20% steps. */
export function FormPdfPreview({ formId, fileUrl, downloadUrl }: Props) {
  const [pageCount, setPageCount] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState<number>(FORM_VIEW_ZOOM.reset);
  return (
    <section
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-label="PDF Preview"
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="mr-auto font-semibold text-slate-900">PDF Preview</h2>
        <button
          type="button"
          className={control}
          aria-label="Previous page"
          disabled={pageNumber <= 1}
          onClick={() => setPageNumber((n) => n - 1)}
        >
          ‹
        </button>
        <span className="text-sm text-slate-600" data-testid="form-page-indicator">
          Page {pageNumber} of {pageCount || '…'}
        </span>
        <button
          type="button"
          className={control}
          aria-label="Next page"
          disabled={pageNumber >= pageCount}
          onClick={() => setPageNumber((n) => n + 1)}
        >
          ›
        </button>
        <button
          type="button"
          className={control}
          aria-label="Zoom out"
          disabled={zoom <= FORM_VIEW_ZOOM.min}
          onClick={() => setZoom((z) => z - FORM_VIEW_ZOOM.step)}
        >
          −
        </button>
        <span className="w-12 text-center text-sm tabular-nums text-slate-600">{zoom}%</span>
        <button
          type="button"
          className={control}
          aria-label="Zoom in"
          disabled={zoom >= FORM_VIEW_ZOOM.max}
          onClick={() => setZoom((z) => z + FORM_VIEW_ZOOM.step)}
        >
          +
        </button>
        <a href={downloadUrl} target="_blank" rel="noreferrer" className={control}>
          Download
        </a>
      </div>
      <div className="overflow-auto rounded-md bg-slate-100 p-4" style={{ maxHeight: '80vh' }}>
        <PdfDocument
          file={fileUrl}
          onLoadSuccess={(pdf) => setPageCount(pdf.numPages)}
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
        >
          <Page
            pageNumber={pageNumber}
            scale={zoom / 100}
            renderTextLayer={false}
            className="mx-auto w-fit shadow"
          />
        </PdfDocument>
      </div>
    </section>
  );
}
