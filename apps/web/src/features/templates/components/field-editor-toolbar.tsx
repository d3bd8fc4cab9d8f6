import { MAPPING_ZOOM } from '@formbridge/contract/limits';
import { Button } from '../../../components/ui/button';
import type { EditorTool } from './field-editor-overlay';

type Props = {
  pageIndex: number;
  pageCount: number;
  onPage: (index: number) => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  tool: EditorTool;
  onTool: (tool: EditorTool) => void;
  threshold: number;
  onThreshold: (threshold: number) => void;
  aboveThreshold: number;
  onAcceptAbove: () => void;
};

const control =
  'rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40';

/** Pages, zoom, the Draw tool and "accept every proposal at least this sure". */
export function FieldEditorToolbar(props: Props) {
  const { pageIndex, pageCount, zoom, tool, threshold } = props;
  const percent = Math.round(threshold * 100);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={control}
        aria-label="Previous page"
        disabled={pageIndex <= 0}
        onClick={() => props.onPage(pageIndex - 1)}
      >
        ‹
      </button>
      <span className="text-sm text-slate-600" data-testid="editor-page-indicator">
        Page {pageIndex + 1} of {pageCount}
      </span>
      <button
        type="button"
        className={control}
        aria-label="Next page"
        disabled={pageIndex >= pageCount - 1}
        onClick={() => props.onPage(pageIndex + 1)}
      >
        ›
      </button>
      <button
        type="button"
        className={control}
        aria-label="Zoom out"
        disabled={zoom <= MAPPING_ZOOM.min}
        onClick={() => props.onZoom(Math.max(MAPPING_ZOOM.min, zoom - MAPPING_ZOOM.step))}
      >
        −
      </button>
      <span className="w-12 text-center text-sm tabular-nums text-slate-600">{zoom}%</span>
      <button
        type="button"
        className={control}
        aria-label="Zoom in"
        disabled={zoom >= MAPPING_ZOOM.max}
        onClick={() => props.onZoom(Math.min(MAPPING_ZOOM.max, zoom + MAPPING_ZOOM.step))}
      >
        +
      </button>
      <button
        type="button"
        className={`${control} ${tool === 'draw' ? 'bg-indigo-50 ring-indigo-500' : ''}`}
        aria-pressed={tool === 'draw'}
        onClick={() => props.onTool(tool === 'draw' ? 'select' : 'draw')}
      >
        Draw field
      </button>
      <label className="ml-auto flex items-center gap-2 text-sm text-slate-700">
        <span>At least {percent}% sure</span>
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={threshold}
          aria-label="Confidence threshold"
          aria-valuetext={`${percent}%`}
          onChange={(event) => props.onThreshold(Number(event.target.value))}
        />
      </label>
      <Button
        variant="secondary"
        disabled={props.aboveThreshold === 0}
        onClick={props.onAcceptAbove}
      >
        Accept {props.aboveThreshold} proposed
      </Button>
    </div>
  );
}
