import { Component, Suspense, useState, type ReactNode } from 'react';
import { Document, pdfjs, type DocumentProps } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { Spinner } from '../ui/spinner';
import { describePdfLoadError } from './pdf-load-error';

// Set here, where <Document> is used (react-pdf's rule), to the worker served from /pdfjs/ —
// the same pdfjs-dist version react-pdf was built against.
pdfjs.GlobalWorkerOptions.workerSrc = `/pdfjs/pdf.worker.min.mjs?v=${pdfjs.version}`;

const DOCUMENT_OPTIONS = {
  cMapUrl: '/pdfjs/cmaps/',
  cMapPacked: true,
  standardFontDataUrl: '/pdfjs/standard_fonts/',
};

// pdf.js draws comment/note annotations with these icons (annotation-note.svg, …); without the
// path they resolve against the page URL and come back as index.html — a broken image.
const ANNOTATION_IMAGES_PATH = '/pdfjs/images/';

export function PdfError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-md bg-red-50 p-6 text-center text-sm text-red-700"
    >
      <p>{message}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className="font-medium text-red-800 underline">
          Retry Loading
        </button>
      ) : null}
    </div>
  );
}

type ErrorRenderer = (message: string, retry: () => void) => ReactNode;

type BoundaryProps = { children: ReactNode; onRetry: () => void; renderError?: ErrorRenderer };

class PdfErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (this.state.error) {
      const message = describePdfLoadError(this.state.error);
      return this.props.renderError ? (
        this.props.renderError(message, this.props.onRetry)
      ) : (
        <PdfError message={message} onRetry={this.props.onRetry} />
      );
    }
    return this.props.children;
  }
}

type Props = Omit<DocumentProps, 'options' | 'loading' | 'error' | 'suspense'> & {
  file: string;
  /** Replaces the default error panel (e.g. the form page's 'PDF Not Found'). */
  renderError?: ErrorRenderer;
};

/**
 * react-pdf's Document with the app's worker: a spinner while it loads, the spec's message when it
 * fails (404, access denied, network...), and Retry Loading that starts over.
 */
export function PdfDocument({ renderError, ...props }: Props) {
  const [attempt, setAttempt] = useState(0);
  return (
    <PdfErrorBoundary
      key={`${props.file}#${attempt}`}
      onRetry={() => setAttempt((n) => n + 1)}
      renderError={renderError}
    >
      <Suspense fallback={<Spinner label="Loading PDF..." />}>
        <Document
          {...props}
          options={DOCUMENT_OPTIONS}
          imageResourcesPath={ANNOTATION_IMAGES_PATH}
        />
      </Suspense>
    </PdfErrorBoundary>
  );
}
