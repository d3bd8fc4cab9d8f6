import type { FieldInfoDto } from '@formbridge/contract/templates';

/**
 * A PDF field as people recognise it: its tooltip or printed label, with the technical name under
 * it, and whose block of the page it sits in when that is not the record's (the preparer's, a
 * witness's, a later row): suggestions never put the record's own name or address there.
 */
export function FieldCaption({ name, info }: { name: string; info: FieldInfoDto }) {
  const human = info.tooltip ?? info.label;
  return (
    <span className="block min-w-0">
      {human ? (
        <span className="block truncate text-sm text-slate-800" title={human}>
          {human}
        </span>
      ) : null}
      <span
        className={`block font-mono text-xs break-all ${human ? 'text-slate-500' : 'text-slate-800'}`}
      >
        {name}
      </span>
      {info.region ? (
        <span className="mt-0.5 block truncate text-xs text-amber-700" title={info.region.label}>
          In: {info.region.label}
        </span>
      ) : null}
    </span>
  );
}
