import { MAPPING_ZOOM, SELECTED_ROW_HIGHLIGHT_MS } from '@formbridge/contract/limits';
import { sortFieldsByPosition } from '@formbridge/contract/templates';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getDefaultZoom, getDeviceClass } from '../../../lib/device';
import type { MappingState } from '../hooks/use-mapping-state';
import { filterMappingFields } from '../utils/field-filter';
import type { RevealRequest } from './field-row-list';
import { MappingPdfPage, type BoxState } from './mapping-pdf-page';
import { EDITOR_INPUT_ID, MappingSidePanel } from './mapping-side-panel';
import { VisualToolbar, type ViewMode } from './visual-toolbar';

type Props = {
  state: MappingState;
  /** The "Filter fields" text of the side panel, shared with the table view. */
  filter: string;
  onFilterChange: (filter: string) => void;
};

/** Visual Mapping: the form with a box over every field, and the side panel to map them. */
export function VisualMapper({ state, filter, onFilterChange }: Props) {
  const template = state.template.data;
  const fields = useMemo(() => sortFieldsByPosition(template?.field_data ?? {}), [template]);
  const [reveal, setReveal] = useState<RevealRequest | null>(null);
  const [zoom, setZoom] = useState(() => getDefaultZoom());
  const [view, setView] = useState<ViewMode>(() =>
    getDeviceClass() === 'mobile' ? 'pdf' : 'split',
  );
  const [pageIndex, setPageIndex] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const pageAreaRef = useRef<HTMLDivElement>(null);
  const pageCount = template?.page_count ?? 1;

  useEffect(() => {
    if (!highlighted) {
      return;
    }
    const timer = setTimeout(() => setHighlighted(null), SELECTED_ROW_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const selectField = (name: string) => {
    const info = template?.field_data[name];
    if (info && info.page !== pageIndex) {
      setPageIndex(info.page);
    }
    setSelected(name);
    setHighlighted(name);
    // Side by side, the list scrolls inside its own panel and the window stays on the PDF the user
    // is clicking; stacked (phone), the editor below the page is brought into view.
    const isSideBySide = view === 'split' && window.matchMedia('(min-width: 1024px)').matches;
    // A field the filter hides is shown again, with every other field, so its row can be seen.
    if (info && filterMappingFields([[name, info]], filter, state.mappingByField).length === 0) {
      onFilterChange('');
    }
    setReveal((current) => ({ name, seq: (current?.seq ?? 0) + 1 }));
    // The editor opens with its dropdown focused, so Enter → choose → done works from the keyboard.
    setTimeout(
      () => document.getElementById(EDITOR_INPUT_ID)?.focus({ preventScroll: isSideBySide }),
      0,
    );
  };

  const fitWidth = () => {
    const pageWidth = template?.pages[pageIndex]?.width;
    const available = pageAreaRef.current?.clientWidth;
    if (pageWidth && available) {
      const fitted = Math.floor(((available - 32) / pageWidth) * 100);
      setZoom(Math.min(MAPPING_ZOOM.max, Math.max(MAPPING_ZOOM.min, fitted)));
    }
  };

  const boxState = (name: string): BoxState =>
    name === selected
      ? 'selected'
      : name === hovered
        ? 'hovered'
        : state.mappingByField.has(name)
          ? 'mapped'
          : 'unmapped';
  const boxTitle = (name: string) => {
    const mapping = state.mappingByField.get(name);
    return mapping
      ? `${name} → ${mapping.table_name} → ${mapping.target_label}`
      : `${name}: Click to map`;
  };

  if (!template) {
    return null;
  }
  return (
    <div className="space-y-3">
      <VisualToolbar
        view={view}
        onViewChange={setView}
        zoom={zoom}
        onZoomChange={setZoom}
        onFitWidth={fitWidth}
        pageIndex={pageIndex}
        pageCount={pageCount}
        onPageChange={setPageIndex}
      />
      {/* minmax(0,1fr): an implicit column grows to its widest content, so a tapped box's editor
          (long captions, the select) made the phone page 450-800 px wide (issue 34). */}
      <div
        className={`grid grid-cols-[minmax(0,1fr)] gap-4 ${view === 'split' ? 'lg:grid-cols-[minmax(0,1fr)_22rem]' : ''}`}
      >
        {view !== 'fields' ? (
          <div
            ref={pageAreaRef}
            className="min-w-0 overflow-auto rounded-lg bg-slate-100 p-4"
            style={{ maxHeight: '75vh' }}
          >
            <MappingPdfPage
              fileUrl={template.file_path}
              pageIndex={pageIndex}
              zoom={zoom}
              fields={fields}
              boxState={boxState}
              boxTitle={boxTitle}
              onSelect={selectField}
              onHover={setHovered}
              boxPreview={(name) => state.preview.byField.get(name)}
            />
          </div>
        ) : null}
        {view !== 'pdf' || selected ? (
          <div className="flex max-h-[75vh] min-h-0 min-w-0 flex-col">
            <MappingSidePanel
              state={state}
              fields={fields}
              selected={selected}
              highlighted={highlighted}
              onSelect={selectField}
              onCloseEditor={() => setSelected(null)}
              filter={filter}
              onFilterChange={onFilterChange}
              reveal={reveal}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
