import { Component, useEffect, useState, type ReactNode } from 'react';
import { Document, pdfjs, type DocumentProps } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { Spinner } from '../ui/spinner';
import { describePdfLoadError, refineNetworkFailure } from './pdf-load-error';

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

type FailureProps = {
  error: Error;
  file: string;
  onRetry: () => void;
  renderError: ErrorRenderer | undefined;
};

/** The spec's load message, refined to the CORS one once a cross-origin probe says so. */
function PdfLoadFailure({ error, file, onRetry, renderError }: FailureProps) {
  const initial = describePdfLoadError(error);
  const [message, setMessage] = useState(initial);
  useEffect(() => {
    let isCurrent = true;
    void refineNetworkFailure(initial, file).then((refined) => {
      if (isCurrent) {
        setMessage(refined);
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [initial, file]);
  return renderError ? (
    renderError(message, onRetry)
  ) : (
    <PdfError message={message} onRetry={onRetry} />
  );
}

type BoundaryProps = {
  children: ReactNode;
  file: string;
  onRetry: () => void;
  renderError?: ErrorRenderer;
};

class PdfErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (this.state.error) {
      return (
        <PdfLoadFailure
          error={this.state.error}
          file={this.props.file}
          onRetry={this.props.onRetry}
          renderError={this.props.renderError}
        />
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
 * fails (404, access denied, CORS, network...), and Retry Loading that starts over.
 *
 * Loaded without Suspense: in Suspense mode a failed load was retried by React's render retry and
 * left the spinner up for good, so no load error ever reached the page. The boundary stays for
 * failures while drawing pages.
 */
export function PdfDocument({ renderError, onLoadError, ...props }: Props) {
  const [attempt, setAttempt] = useState(0);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const retry = () => {
    setLoadError(null);
    setAttempt((n) => n + 1);
  };
  if (loadError) {
    return (
      <PdfLoadFailure
        error={loadError}
        file={props.file}
        onRetry={retry}
        renderError={renderError}
      />
    );
  }
  return (
    <PdfErrorBoundary
      key={`${props.file}#${attempt}`}
      file={props.file}
      onRetry={retry}
      renderError={renderError}
    >
      <Document
        {...props}
        suspense={false}
        options={DOCUMENT_OPTIONS}
        imageResourcesPath={ANNOTATION_IMAGES_PATH}
        loading={<Spinner label="Loading PDF..." />}
        error={<Spinner label="Loading PDF..." />}
        onLoadError={(error) => {
          setLoadError(error);
          onLoadError?.(error);
        }}
      />
    </PdfErrorBoundary>
  );
}
