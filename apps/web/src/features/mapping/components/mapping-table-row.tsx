import type { FieldInfoDto } from '@formbridge/contract/templates';
import { memo, type Ref } from 'react';
import type { MappingState } from '../hooks/use-mapping-state';
import { FieldCaption } from './field-caption';
import { LazyTargetSelect } from './lazy-target-select';
import { SuggestionHint } from './suggestion-hint';
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

export type MappingRowProps = {
  ref: Ref<HTMLTableRowElement> | undefined;
  index: number;
  name: string;
  info: FieldInfoDto;
  state: MappingState;
  hasTable: boolean;
  onFocus: (name: string) => void;
  /** Filtered out, but kept mounted so a transform being edited keeps its draft. */
  isHidden?: boolean;
};

/**
 * One PDF field: its target, its transform and preview, its status and its actions. Memoised:
 * scrolling re-renders the table on every frame, and rows already on screen need not follow.
 */
export const MappingRow = memo(function MappingRow(props: MappingRowProps) {
  const { ref, index, name, info, state, hasTable, onFocus, isHidden } = props;
  const mapping = state.mappingByField.get(name);
  const suggestion = state.suggestions.get(name);
  const status = mapping ? 'Mapped' : suggestion ? 'Suggestion available' : 'Not mapped';
  return (
    <tr
      ref={ref}
      data-index={index}
      data-field={name}
      data-status={status}
      hidden={isHidden}
      onFocus={() => onFocus(name)}
    >
      <td className="max-w-sm px-4 py-2">
        <FieldCaption name={name} info={info} />
      </td>
      <td className="px-4 py-2">
        <LazyTargetSelect
          ariaLabel={`Table field for ${name}`}
          groups={state.targetGroups}
          value={mapping?.mapped_field_key ?? null}
          fallbackLabel={mapping ? `${mapping.table_name}.${mapping.mapped_field_key}` : undefined}
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
            className="inline-flex min-h-8 items-center text-sm font-medium text-red-600 hover:text-red-500"
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
              className="inline-flex min-h-8 items-center text-sm font-medium text-indigo-600 hover:text-indigo-500"
            >
              Apply {suggestion.suggested_field_key} (
              {Math.round(suggestion.confidence_score * 100)}%)
            </button>
            <SuggestionHint
              suggestion={suggestion}
              onReject={(turnedDown) => void state.rejectSuggestion(turnedDown)}
            />
          </>
        ) : null}
      </td>
    </tr>
  );
});
