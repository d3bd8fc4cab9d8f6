import { sortFieldsByPosition } from '@formbridge/contract/templates';
import type { MappingState } from '../hooks/use-mapping-state';
import { FieldCaption } from './field-caption';
import { SuggestionHint } from './suggestion-hint';
import { MappingTargetSelect } from './mapping-target-select';
import { TransformEditor } from './transform-editor';

function StatusBadge({ status }: { status: 'Mapped' | 'Suggestion available' | 'Not mapped' }) {
  const styles = {
    Mapped: 'bg-green-100 text-green-800',
    'Suggestion available': 'bg-amber-100 text-amber-800',
    'Not mapped': 'bg-slate-100 text-slate-600',
  } as const;
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${styles[status]}`}
    >
      {status}
    </span>
  );
}

/** One row per PDF field: its target, its status, and apply/remove actions. */
export function MappingTableView({ state }: { state: MappingState }) {
  const fields = sortFieldsByPosition(state.template.data?.field_data ?? {});
  const hasTable = Boolean(state.selectedTable);
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-2">
              PDF Field
            </th>
            <th scope="col" className="w-72 px-4 py-2">
              Table Field
            </th>
            <th scope="col" className="px-4 py-2">
              Transform and preview
            </th>
            <th scope="col" className="px-4 py-2">
              Status
            </th>
            <th scope="col" className="px-4 py-2">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {fields.map(([name, info]) => {
            const mapping = state.mappingByField.get(name);
            const suggestion = state.suggestions.get(name);
            const status = mapping ? 'Mapped' : suggestion ? 'Suggestion available' : 'Not mapped';
            return (
              <tr key={name} data-field={name} data-status={status}>
                <td className="max-w-sm px-4 py-2">
                  <FieldCaption name={name} info={info} />
                </td>
                <td className="px-4 py-2">
                  <MappingTargetSelect
                    ariaLabel={`Table field for ${name}`}
                    groups={state.targetGroups}
                    value={mapping?.mapped_field_key ?? null}
                    fallbackLabel={
                      mapping ? `${mapping.table_name}.${mapping.mapped_field_key}` : undefined
                    }
                    isDisabled={!hasTable}
                    onChange={(key) => void state.assign(name, key)}
                  />
                </td>
                <td className="min-w-56 px-4 py-2">
                  {mapping ? (
                    <TransformEditor
                      key={mapping.id}
                      mapping={mapping}
                      info={info}
                      preview={state.preview.byField.get(name)}
                      onSave={(transform) => state.saveTransform(mapping, transform)}
                    />
                  ) : null}
                </td>
                <td className="px-4 py-2">
                  <StatusBadge status={status} />
                </td>
                <td className="px-4 py-2 whitespace-nowrap">
                  {mapping ? (
                    <button
                      type="button"
                      onClick={() => void state.assign(name, null)}
                      className="text-sm font-medium text-red-600 hover:text-red-500"
                    >
                      Remove mapping
                    </button>
                  ) : suggestion ? (
                    <>
                      <button
                        type="button"
                        onClick={() =>
                          void state.assign(name, suggestion.suggested_field_key, {
                            suggested: true,
                            transform: suggestion.transform ?? null,
                          })
                        }
                        className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
                      >
                        Apply {suggestion.suggested_field_key} (
                        {Math.round(suggestion.confidence_score * 100)}%)
                      </button>
                      <SuggestionHint suggestion={suggestion} />
                    </>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
