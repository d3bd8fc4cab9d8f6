export function MappingProgress({ mapped, total }: { mapped: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round((mapped / total) * 100);
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-900">Mapping Progress</span>
        <span className="text-slate-600">
          {mapped} of {total} fields · {percent}%
        </span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Mapping progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className="h-full rounded-full bg-green-500 transition-all"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {percent === 100 ? 'All fields mapped' : mapped === 0 ? 'No fields mapped yet' : null}
      </p>
    </div>
  );
}
