import { useEffect, useRef, useState } from 'react';
import { Page } from 'react-pdf';
import { PdfDocument } from '../../../components/pdf/pdf-document';

/** First page of the template, as wide as its column. */
export function TemplatePreview({ fileUrl, pageCount }: { fileUrl: string; pageCount: number }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(400);

  useEffect(() => {
    const element = containerRef.current;
    if (!element) {
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      if (entry) {
        setWidth(Math.max(200, Math.floor(entry.contentRect.width)));
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={containerRef} data-testid="template-preview">
      <PdfDocument file={fileUrl}>
        <Page
          pageNumber={1}
          width={width}
          renderTextLayer={false}
          className="shadow ring-1 ring-slate-200"
        />
      </PdfDocument>
      {pageCount > 1 ? (
        <p className="mt-2 text-center text-xs text-slate-500">Page 1 of {pageCount}</p>
      ) : null}
    </div>
  );
}
