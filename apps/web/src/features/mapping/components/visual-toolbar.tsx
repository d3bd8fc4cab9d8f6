import { MAPPING_ZOOM } from '@formbridge/contract/limits';

export type ViewMode = 'split' | 'pdf' | 'fields';

type Props = {
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  zoom: number;
  onZoomChange: (zoom: number) => void;
  onFitWidth: () => void;
  pageIndex: number;
  pageCount: number;
  onPageChange: (index: number) => void;
};

const VIEWS: Array<{ value: ViewMode; label: string }> = [
  { value: 'split', label: 'Split' },
  { value: 'pdf', label: 'PDF only' },
  { value: 'fields', label: 'Fields only' },
];

const toolButton =
  'rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40';

/** View toggle, zoom (50–300% in 25% steps, reset, fit to width), page navigation and legend. */
export function VisualToolbar(props: Props) {
  const { zoom, onZoomChange, pageIndex, pageCount } = props;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <div
        role="group"
        aria-label="View"
        className="inline-flex overflow-hidden rounded-md ring-1 ring-slate-300"
      >
        {VIEWS.map((item) => (
          <button
            key={item.value}
            type="button"
            aria-pressed={props.view === item.value}
            onClick={() => props.onViewChange(item.value)}
            className={`px-3 py-1.5 text-sm ${props.view === item.value ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-1" role="group" aria-label="Zoom">
        <button
          type="button"
          className={toolButton}
          aria-label="Zoom out"
          disabled={zoom <= MAPPING_ZOOM.min}
          onClick={() => onZoomChange(Math.max(MAPPING_ZOOM.min, zoom - MAPPING_ZOOM.step))}
        >
          −
        </button>
        <span
          className="w-14 text-center text-sm tabular-nums text-slate-700"
          data-testid="zoom-level"
        >
          {zoom}%
        </span>
        <button
          type="button"
          className={toolButton}
          aria-label="Zoom in"
          disabled={zoom >= MAPPING_ZOOM.max}
          onClick={() => onZoomChange(Math.min(MAPPING_ZOOM.max, zoom + MAPPING_ZOOM.step))}
        >
          +
        </button>
        <button
          type="button"
          className={toolButton}
          onClick={() => onZoomChange(MAPPING_ZOOM.reset)}
        >
          Reset
        </button>
        <button type="button" className={toolButton} onClick={props.onFitWidth}>
          Fit width
        </button>
      </div>
      {pageCount > 1 ? (
        <div className="flex items-center gap-1" role="group" aria-label="Pages">
          <button
            type="button"
            className={toolButton}
            aria-label="Previous page"
            disabled={pageIndex === 0}
            onClick={() => props.onPageChange(pageIndex - 1)}
          >
            ‹
          </button>
          <span className="px-2 text-sm text-slate-700" data-testid="page-indicator">
            Page {pageIndex + 1} of {pageCount}
          </span>
          <button
            type="button"
            className={toolButton}
            aria-label="Next page"
            disabled={pageIndex >= pageCount - 1}
            onClick={() => props.onPageChange(pageIndex + 1)}
          >
            ›
          </button>
        </div>
      ) : null}
      <div className="ml-auto flex items-center gap-3 text-xs text-slate-600" aria-label="Legend">
        <span className="flex items-center gap-1">
          <span className="h-3 w-3 rounded-sm border-2 border-green-600 bg-green-500/25" />
          Mapped
        </span>
        <span className="flex items-center gap-1">
          <span className="h-3 w-3 rounded-sm border-2 border-blue-600 bg-blue-500/30" />
          Selected
        </span>
        <span className="flex items-center gap-1">
          <span className="h-3 w-3 rounded-sm border-2 border-dashed border-slate-500" />
          Unmapped
        </span>
      </div>
    </div>
  );
}
