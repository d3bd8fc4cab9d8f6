import type { PreviewField } from '@formbridge/contract/mapping-preview';
import type { FieldInfoDto } from '@formbridge/contract/templates';
import { Page } from 'react-pdf';
import { PdfDocument } from '../../../components/pdf/pdf-document';

export type BoxState = 'mapped' | 'selected' | 'hovered' | 'unmapped';

const BOX_STYLES: Record<BoxState, string> = {
  mapped: 'border-2 border-green-600 bg-green-500/25',
  selected: 'border-2 border-blue-600 bg-blue-500/30',
  hovered: 'border-2 border-yellow-500 bg-yellow-300/40',
  unmapped: 'border-2 border-dashed border-slate-500 bg-slate-400/15',
};

type Props = {
  fileUrl: string;
  pageIndex: number;
  zoom: number;
  fields: Array<[string, FieldInfoDto]>;
  boxState: (name: string) => BoxState;
  boxTitle: (name: string) => string;
  onSelect: (name: string) => void;
  onHover: (name: string | null) => void;
  onLoaded?: (pageCount: number) => void;
  /** The previewed value of a field, drawn inside its box. */
  boxPreview?: (name: string) => PreviewField | undefined;
};

/** What a previewed box shows: the text written, or a tick for a ticked checkbox. */
function previewText(info: FieldInfoDto, preview: PreviewField | undefined): string | null {
  if (!preview) {
    return null;
  }
  if (info.type === 'checkbox' || info.type === 'radio') {
    return preview.value === true || (preview.value_written ?? 'Off') !== 'Off' ? '✓' : null;
  }
  return preview.value_written;
}

/** One page of the template with a clickable box over every widget on it, at rect × zoom. */
export function MappingPdfPage({
  fileUrl,
  pageIndex,
  zoom,
  fields,
  boxState,
  boxTitle,
  onSelect,
  onHover,
  onLoaded,
  boxPreview,
}: Props) {
  const scale = zoom / 100;
  const boxes = fields.flatMap(([name, info]) =>
    info.widgets
      .map((widget, index) => ({ name, info, widget, index }))
      .filter(({ widget }) => widget.page === pageIndex),
  );
  return (
    <PdfDocument file={fileUrl} onLoadSuccess={(pdf) => onLoaded?.(pdf.numPages)}>
      <div
        className="relative inline-block shadow-md ring-1 ring-slate-300"
        data-testid="mapping-page"
      >
        <Page
          pageNumber={pageIndex + 1}
          scale={scale}
          renderTextLayer={false}
          renderAnnotationLayer={false}
        />
        <div className="absolute inset-0">
          {boxes.map(({ name, info, widget, index }) => {
            const [left, top, right, bottom] = widget.rect;
            const state = boxState(name);
            const preview = boxPreview?.(name);
            const shown = index === 0 ? previewText(info, preview) : null;
            const height = (bottom - top) * scale;
            return (
              <button
                key={`${name}#${index}`}
                type="button"
                data-field-box={name}
                data-state={state}
                data-warning={preview && preview.problems.length > 0 ? 'true' : undefined}
                title={[boxTitle(name), ...(preview?.problems ?? [])].join('\n')}
                aria-label={boxTitle(name)}
                onClick={() => onSelect(name)}
                onMouseEnter={() => onHover(name)}
                onMouseLeave={() => onHover(null)}
                className={`absolute cursor-pointer overflow-hidden rounded-sm text-left leading-none ${BOX_STYLES[state]} ${preview && preview.problems.length > 0 ? 'outline-2 outline-amber-500' : ''}`}
                style={{
                  left: left * scale,
                  top: top * scale,
                  width: Math.max(4, (right - left) * scale),
                  height: Math.max(4, (bottom - top) * scale),
                }}
              >
                {shown ? (
                  <span
                    data-box-preview
                    className="pointer-events-none block truncate px-0.5 font-mono text-slate-900"
                    style={{ fontSize: Math.max(6, Math.min(12 * scale, height * 0.75)) }}
                  >
                    {shown}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      </div>
    </PdfDocument>
  );
}
