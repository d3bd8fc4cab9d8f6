import { TableFromFormButton } from '../../../components/table-from-form/table-from-form-button';
import { Button } from '../../../components/ui/button';
import type { MappingState } from '../hooks/use-mapping-state';
import { ApplyAllControl } from './apply-all-control';
import { PreviewRecordSelect } from './preview-record-select';

/**
 * Table selector, Generate Suggestions / Apply All, Add missing columns, and the notices about the
 * chosen table.
 */
export function MappingToolbar({ state }: { state: MappingState }) {
  const tables = state.tables.data ?? [];
  const hasUnmappedFields = Object.keys(state.template.data?.field_data ?? {}).some(
    (name) => !state.mappedFieldNames.has(name),
  );
  return (
    <div className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex w-full min-w-0 flex-col text-sm font-medium text-slate-700 sm:w-auto sm:min-w-64">
          Data table
          <select
            value={state.selectedTableId}
            onChange={(event) => state.selectTable(event.target.value)}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
          >
            <option value="">Select a table...</option>
            {state.isSelectedTableMissing ? (
              <option value={state.selectedTableId} disabled>
                Deleted table
              </option>
            ) : null}
            {tables.map((table) => (
              <option key={table.id} value={table.id}>
                {table.name}
              </option>
            ))}
          </select>
        </label>
        <PreviewRecordSelect state={state} />
        <Button
          onClick={() => void state.generateSuggestions()}
          disabled={!state.selectedTable || state.isGenerating}
        >
          {state.isGenerating ? 'Generating...' : 'Generate Suggestions'}
        </Button>
        {state.selectedTable && hasUnmappedFields ? (
          <TableFromFormButton
            templateId={state.templateId}
            table={{ id: state.selectedTable.id, name: state.selectedTable.name }}
            onDone={(tableId) => state.selectTable(tableId)}
          />
        ) : null}
        {state.suggestions.size > 0 || state.isApplying ? (
          <ApplyAllControl
            suggestions={state.suggestions}
            mappedFieldNames={state.mappedFieldNames}
            minPercent={state.applyMinPercent}
            onMinPercentChange={state.setApplyMinPercent}
            onApply={() => void state.applyAllSuggestions()}
            isApplying={state.isApplying}
          />
        ) : null}
      </div>
      {!state.selectedTableId ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600">
            {state.tables.isSuccess && tables.length === 0
              ? 'You have no tables yet: make one from this form, with every field mapped.'
              : 'Tip: select a table to map PDF form fields to its columns.'}
          </p>
          <TableFromFormButton
            templateId={state.templateId}
            variant={tables.length === 0 ? 'primary' : 'secondary'}
            onDone={(tableId) => state.selectTable(tableId)}
          />
        </div>
      ) : null}
      {state.isSelectedTableMissing ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          Selected table not found. It may have been deleted.
        </p>
      ) : null}
    </div>
  );
}
