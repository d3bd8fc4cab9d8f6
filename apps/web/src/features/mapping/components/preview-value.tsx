import type { PreviewField } from '@formbridge/contract/mapping-preview';

/** The value a field will receive for the previewed record, with the fill report's warnings. */
export function PreviewValue({ preview }: { preview: PreviewField }) {
  const shown = preview.value_written ?? (preview.value === null ? null : String(preview.value));
  return (
    <div data-preview-for={preview.field_name} className="space-y-0.5">
      <p className="text-slate-600">
        Preview:{' '}
        <span className="font-mono text-slate-900" data-preview-value>
          {shown ?? '(empty)'}
        </span>
      </p>
      {preview.problems.map((problem) => (
        <p key={problem} className="text-amber-700">
          ⚠ {problem}
        </p>
      ))}
    </div>
  );
}
