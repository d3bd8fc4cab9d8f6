import type { MappingState } from '../hooks/use-mapping-state';

/** Picks the record whose values the mapping screen previews in every mapped field. */
export function PreviewRecordSelect({ state }: { state: MappingState }) {
  const { preview } = state;
  const records = preview.records.data ?? [];
  if (!state.selectedTable) {
    return null;
  }
  return (
    <div className="flex min-w-64 flex-col gap-1">
      <label className="flex flex-col text-sm font-medium text-slate-700">
        Preview with record
        <select
          value={preview.recordId}
          onChange={(event) => preview.selectRecord(event.target.value)}
          className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="">No preview</option>
          {records.map((record) => (
            <option key={record.id} value={record.id}>
              {record.computed.display_name}
            </option>
          ))}
        </select>
      </label>
      {preview.recordId && preview.preview.isFetching ? (
        <span className="text-xs text-slate-500">Filling the preview...</span>
      ) : null}
      {preview.recordId && preview.preview.isError ? (
        <span role="alert" className="text-xs text-red-600">
          {preview.preview.error instanceof Error
            ? preview.preview.error.message
            : 'Preview failed'}
        </span>
      ) : null}
    </div>
  );
}
