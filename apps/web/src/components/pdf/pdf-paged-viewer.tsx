import { FORM_VIEW_ZOOM } from '@formbridge/contract/limits';
import { useState, type ReactNode } from 'react';
import { Page } from 'react-pdf';
import { PdfDocument } from './pdf-document';
import { ScrollRegion } from '../ui/scroll-region.tsx';

type Props = {
  title: string;
  fileUrl: string;
  downloadUrl?: string;
  initialZoom?: number;
  renderError?: (message: string, retry: () => void) => ReactNode;
};

const control =
  'rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40';

/** A PDF one page at a time, with page navigation and zoom 60–200% in 20% steps (spec §9). */
export function PdfPagedViewer({
  title,
  fileUrl,
  downloadUrl,
  initialZoom = FORM_VIEW_ZOOM.reset,
  renderError,
}: Props) {
  const [pageCount, setPageCount] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(initialZoom);
  return (
    <section
      className="min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-label={title}
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="mr-auto font-semibold text-slate-900">{title}</h2>
        <button
          type="button"
          className={control}
          aria-label="Previous page"
          disabled={pageNumber <= 1}
          onClick={() => setPageNumber((n) => n - 1)}
        >
          ‹
        </button>
        <span className="text-sm text-slate-600" data-testid="viewer-page-indicator">
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
          onClick={() => setZoom((z) => Math.max(FORM_VIEW_ZOOM.min, z - FORM_VIEW_ZOOM.step))}
        >
          −
        </button>
        <span className="w-12 text-center text-sm tabular-nums text-slate-600">{zoom}%</span>
        <button
          type="button"
          className={control}
          aria-label="Zoom in"
          disabled={zoom >= FORM_VIEW_ZOOM.max}
          onClick={() => setZoom((z) => Math.min(FORM_VIEW_ZOOM.max, z + FORM_VIEW_ZOOM.step))}
        >
          +
        </button>
        {downloadUrl ? (
          <a href={downloadUrl} target="_blank" rel="noreferrer" className={control}>
            Download
          </a>
        ) : null}
      </div>
      <ScrollRegion
        label={`Page ${pageNumber}`}
        className="overflow-auto rounded-md bg-slate-100 p-4"
        style={{ maxHeight: '80vh' }}
      >
        <PdfDocument
          file={fileUrl}
          onLoadSuccess={(pdf) => setPageCount(pdf.numPages)}
          renderError={renderError}
        >
          <Page
            pageNumber={pageNumber}
            scale={zoom / 100}
            renderTextLayer={false}
            className="mx-auto w-fit shadow"
          />
        </PdfDocument>
      </ScrollRegion>
    </section>
  );
}
