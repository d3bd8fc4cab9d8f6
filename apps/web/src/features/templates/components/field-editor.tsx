import { DEFAULT_ACCEPT_THRESHOLD, type EditorField } from '@formbridge/contract/field-candidates';
import type { Template } from '@formbridge/contract/templates';
import { useMemo, useReducer, useRef, useState } from 'react';
import { Page } from 'react-pdf';
import { useNavigate } from 'react-router';
import { PdfDocument } from '../../../components/pdf/pdf-document';
import { Button } from '../../../components/ui/button';
import { getDefaultZoom } from '../../../lib/device';
import { notify } from '../../../lib/toast';
import { useWriteTemplateFields } from '../api/template-fields-api';
import {
  drawnFieldType,
  editorReducer,
  type EditorAction,
  fieldsToWrite,
  freshFieldName,
  initialEditorState,
  type Rect,
} from '../utils/field-editor-state';
import { FieldEditorLeaveGuard } from './field-editor-leave-guard';
import { FieldEditorOverlay, type EditorTool } from './field-editor-overlay';
import { FieldEditorPanel } from './field-editor-panel';
import { FieldEditorSaveErrors } from './field-editor-save-errors';
import { FieldEditorToolbar } from './field-editor-toolbar';

type Props = {
  template: Pick<Template, 'id' | 'file_path' | 'pages'>;
  existing: EditorField[];
  candidates: EditorField[];
  /** 1-based pages that are only an image. */
  scannedPages: number[];
};

/** Review the proposed fields, draw the missing ones, and write them all into the PDF. */
export function FieldEditor({ template, existing, candidates, scannedPages }: Props) {
  const navigate = useNavigate();
  const save = useWriteTemplateFields(template.id);
  const [state, apply] = useReducer(editorReducer, undefined, () =>
    initialEditorState(existing, candidates),
  );
  const [isDirty, setIsDirty] = useState(false);
  const isSavedRef = useRef(false);
  // Every action but a selection changes what Save would write.
  const dispatch = (action: EditorAction) => {
    if (action.type !== 'select') {
      setIsDirty(true);
    }
    apply(action);
  };
  const [pageIndex, setPageIndex] = useState(0);
  const [zoom, setZoom] = useState(() => getDefaultZoom());
  const [tool, setTool] = useState<EditorTool>('select');
  const [threshold, setThreshold] = useState(DEFAULT_ACCEPT_THRESHOLD);
  const [savedKeys, setSavedKeys] = useState<string[]>([]);
  const scale = zoom / 100;
  const page = template.pages[pageIndex] ?? { width: 612, height: 792 };
  const pageItems = useMemo(
    () => state.items.filter((item) => item.field.page === pageIndex + 1),
    [state.items, pageIndex],
  );
  const selected = state.items.find((item) => item.key === state.selectedKey) ?? null;
  const accepted = state.items.filter((item) => item.status === 'accepted');
  const proposed = state.items.length - accepted.length;
  const aboveThreshold = state.items.filter(
    (item) => item.status === 'proposed' && (item.field.confidence ?? 0) >= threshold,
  ).length;

  const focusBox = (key: string | undefined) =>
    setTimeout(() => {
      const box = key ? document.querySelector<HTMLElement>(`[data-editor-key="${key}"]`) : null;
      box?.focus();
    }, 0);

  const remove = (key: string) => {
    const index = pageItems.findIndex((item) => item.key === key);
    const next = pageItems[index + 1] ?? pageItems[index - 1];
    dispatch({ type: 'remove', key });
    focusBox(next?.key);
  };

  const draw = (rect: Rect) => {
    const name = freshFieldName(state.items);
    dispatch({
      type: 'add',
      field: { page: pageIndex + 1, rect, type: drawnFieldType(rect), name, label: '' },
    });
    setTool('select');
  };

  const showField = (key: string) => {
    const item = state.items.find((candidate) => candidate.key === key);
    if (item) {
      setPageIndex(item.field.page - 1);
      dispatch({ type: 'select', key });
      focusBox(key);
    }
  };

  const onSave = async () => {
    setSavedKeys(accepted.map((item) => item.key));
    try {
      const template_ = await save.mutateAsync(fieldsToWrite(state.items));
      isSavedRef.current = true;
      notify.success(`Saved: the PDF now has ${template_.field_count} fields`);
      await navigate(`/templates/${template.id}`);
    } catch {
      // Shown under the Save button, each message at its field.
    }
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <FieldEditorLeaveGuard isDirty={isDirty} isSavedRef={isSavedRef} />
      <div className="min-w-0 space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <FieldEditorToolbar
          pageIndex={pageIndex}
          pageCount={template.pages.length}
          onPage={setPageIndex}
          zoom={zoom}
          onZoom={setZoom}
          tool={tool}
          onTool={setTool}
          threshold={threshold}
          onThreshold={setThreshold}
          aboveThreshold={aboveThreshold}
          onAcceptAbove={() => dispatch({ type: 'acceptAbove', threshold })}
        />
        {scannedPages.includes(pageIndex + 1) ? (
          <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
            This page is a scan: draw its fields by hand.
          </p>
        ) : null}
        <div className="overflow-auto rounded-md bg-slate-100 p-4" style={{ maxHeight: '80vh' }}>
          <PdfDocument file={template.file_path}>
            <div
              className="relative mx-auto w-fit shadow-md ring-1 ring-slate-300"
              style={{ width: page.width * scale, height: page.height * scale }}
            >
              <Page
                pageNumber={pageIndex + 1}
                scale={scale}
                renderTextLayer={false}
                renderAnnotationLayer={false}
              />
              <FieldEditorOverlay
                items={pageItems}
                selectedKey={state.selectedKey}
                page={page}
                scale={scale}
                tool={tool}
                threshold={threshold}
                onSelect={(key) => dispatch({ type: 'select', key })}
                onRect={(key, rect) => dispatch({ type: 'update', key, patch: { rect } })}
                onRemove={remove}
                onDraw={draw}
              />
            </div>
          </PdfDocument>
        </div>
      </div>
      <aside className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-600" data-testid="editor-counts">
          {accepted.length} fields to save, {proposed} proposed
        </p>
        {selected ? (
          <FieldEditorPanel
            key={selected.key}
            item={selected}
            onChange={(patch) => dispatch({ type: 'update', key: selected.key, patch })}
            onAccept={() => dispatch({ type: 'accept', key: selected.key })}
            onRemove={() => remove(selected.key)}
          />
        ) : (
          <p className="text-sm text-slate-500">
            Select a box to change it, or use Draw field and drag on the page. Tab goes through the
            boxes; arrows move the selected one, Shift+arrows resize it, Delete removes it.
          </p>
        )}
        <div className="space-y-2 border-t border-slate-200 pt-4">
          <Button className="w-full" disabled={save.isPending} onClick={() => void onSave()}>
            {save.isPending ? 'Saving...' : `Save ${accepted.length} fields`}
          </Button>
          <p className="text-xs text-slate-500">
            Proposed fields you did not accept are not saved. Saving writes the fields into the PDF;
            the file you uploaded is kept.
          </p>
          {save.isError ? (
            <FieldEditorSaveErrors error={save.error} savedKeys={savedKeys} onShow={showField} />
          ) : null}
        </div>
      </aside>
    </div>
  );
}
