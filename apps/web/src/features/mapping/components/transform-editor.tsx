import { useState } from 'react';
import type { FieldMapping } from '@formbridge/contract/mappings';
import type { PreviewField } from '@formbridge/contract/mapping-preview';
import type { FieldInfoDto } from '@formbridge/contract/templates';
import {
  TRANSFORM_KIND_LABELS,
  type Transform,
  type TransformKind,
} from '@formbridge/contract/transforms';
import { Button } from '../../../components/ui/button';
import { parseDraft, transformToDraft, type TransformDraft } from '../utils/transform-draft';
import { PreviewValue } from './preview-value';
import { TransformKindFields } from './transform-kind-fields';

type Props = {
  mapping: FieldMapping;
  info: FieldInfoDto | undefined;
  preview: PreviewField | undefined;
  /** Saves (null removes); resolves to an error message, or null when saved. */
  onSave: (transform: Transform | null) => Promise<string | null>;
};

const KINDS = Object.keys(TRANSFORM_KIND_LABELS) as TransformKind[];

/** A mapping's transform: its name, the previewed value, and an editor that opens in place. */
export function TransformEditor({ mapping, info, preview, onSave }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const [kind, setKind] = useState<TransformKind | ''>(mapping.transform?.kind ?? '');
  const [draft, setDraft] = useState<TransformDraft>(() => transformToDraft(mapping.transform));
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const options = (info?.options ?? []).map((option) => option.label || option.value);

  const open = () => {
    setKind(mapping.transform?.kind ?? '');
    setDraft(transformToDraft(mapping.transform));
    setError(null);
    setIsOpen(true);
  };
  const save = async () => {
    let transform: Transform | null = null;
    if (kind !== '') {
      const parsed = parseDraft(kind, draft);
      if (!parsed.ok) {
        setError(parsed.message);
        return;
      }
      transform = parsed.transform;
    }
    setIsSaving(true);
    const failure = await onSave(transform);
    setIsSaving(false);
    setError(failure);
    if (failure === null) {
      setIsOpen(false);
    }
  };

  return (
    <div className="space-y-1 text-xs" data-transform-for={mapping.field_name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={mapping.transform_label ? 'text-violet-700' : 'text-slate-500'}>
          {mapping.transform_label ?? 'No transform'}
        </span>
        {!isOpen ? (
          <button
            type="button"
            onClick={open}
            className="font-medium text-indigo-600 hover:text-indigo-500"
            aria-label={`Edit transform of ${mapping.field_name}`}
          >
            {mapping.transform ? 'Edit' : 'Add transform'}
          </button>
        ) : null}
      </div>
      {preview ? <PreviewValue preview={preview} /> : null}
      {isOpen ? (
        <div
          role="group"
          aria-label={`Transform of ${mapping.field_name}`}
          className="space-y-2 rounded-md border border-slate-200 bg-white p-2"
        >
          <label className="flex flex-col text-xs font-medium text-slate-600">
            Transform
            <select
              aria-label="Transform kind"
              className="mt-0.5 rounded border border-slate-300 px-2 py-1 text-sm"
              value={kind}
              onChange={(event) => setKind(event.target.value as TransformKind | '')}
            >
              <option value="">None (value as it is)</option>
              {KINDS.map((value) => (
                <option key={value} value={value}>
                  {TRANSFORM_KIND_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          {kind !== '' ? (
            <TransformKindFields
              kind={kind}
              draft={draft}
              options={options}
              onChange={(key, value) => setDraft((current) => ({ ...current, [key]: value }))}
            />
          ) : null}
          {error ? (
            <p role="alert" className="text-xs text-red-600">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button className="px-3 py-1" onClick={() => void save()} disabled={isSaving}>
              {isSaving ? 'Saving...' : 'Save transform'}
            </Button>
            <Button variant="secondary" className="px-3 py-1" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
