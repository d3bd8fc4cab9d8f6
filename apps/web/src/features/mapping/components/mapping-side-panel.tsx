import { confidencePercent } from '@formbridge/contract/suggestion-apply';
import type { FieldInfoDto } from '@formbridge/contract/templates';
import { useMemo } from 'react';
import { FieldFilter, NoFieldsMatch } from '../../../components/ui/field-filter';
import type { MappingState } from '../hooks/use-mapping-state';
import { filterMappingFields } from '../utils/field-filter';
import { FieldCaption } from './field-caption';
import { FieldRowList, type RevealRequest } from './field-row-list';
import { MappingProgress } from './mapping-progress';
import { MappingTargetSelect } from './mapping-target-select';
import { SuggestionHint } from './suggestion-hint';
import { TransformEditor } from './transform-editor';

type Props = {
  state: MappingState;
  fields: Array<[string, FieldInfoDto]>;
  selected: string | null;
  highlighted: string | null;
  onSelect: (name: string) => void;
  onCloseEditor: () => void;
  /** The "Filter fields" text, shared with the table view. */
  filter: string;
  onFilterChange: (filter: string) => void;
  reveal: RevealRequest | null;
};

export const EDITOR_INPUT_ID = 'visual-mapping-editor';

function targetText(state: MappingState, name: string): string | null {
  const mapping = state.mappingByField.get(name);
  return mapping ? `${mapping.table_name} → ${mapping.target_label}` : null;
}

/** The unmapped selected field's suggestion: target, confidence, evidence and an Apply button. */
function SelectedSuggestion({ state, name }: { state: MappingState; name: string }) {
  const suggestion = state.suggestions.get(name);
  if (!suggestion) {
    return null;
  }
  return (
    <div className="mt-2 rounded border border-amber-200 bg-amber-50 p-2 text-xs">
      <button
        type="button"
        onClick={() =>
          void state.assign(name, suggestion.suggested_field_key, {
            suggested: true,
            transform: suggestion.transform ?? null,
          })
        }
        className="font-medium text-indigo-600 hover:text-indigo-500"
      >
        Apply {suggestion.suggested_field_key} ({confidencePercent(suggestion)}%)
      </button>
      <SuggestionHint
        suggestion={suggestion}
        onReject={(turnedDown) => void state.rejectSuggestion(turnedDown)}
      />
    </div>
  );
}

function SelectedTransform(props: { state: MappingState; name: string; info: FieldInfoDto }) {
  const mapping = props.state.mappingByField.get(props.name);
  if (!mapping) {
    return null;
  }
  return (
    <div className="mt-3 border-t border-blue-200 pt-2">
      <TransformEditor
        key={mapping.id}
        mapping={mapping}
        info={props.info}
        preview={props.state.preview.byField.get(props.name)}
        onSave={(transform) => props.state.saveTransform(mapping, transform)}
      />
    </div>
  );
}

/** Progress, the selected field's editor, the filter and the list of fields (Tab/Enter/Escape work here). */
export function MappingSidePanel({
  state,
  fields,
  selected,
  highlighted,
  onSelect,
  onCloseEditor,
  filter,
  onFilterChange,
  reveal,
}: Props) {
  const shown = useMemo(
    () => filterMappingFields(fields, filter, state.mappingByField),
    [fields, filter, state.mappingByField],
  );
  const mappedCount = fields.filter(([name]) => state.mappingByField.has(name)).length;
  const selectedInfo = selected ? fields.find(([name]) => name === selected)?.[1] : undefined;
  return (
    <aside
      className="flex min-h-0 flex-1 flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          onCloseEditor();
        }
      }}
    >
      <MappingProgress mapped={mappedCount} total={fields.length} />
      {selected && selectedInfo ? (
        <section
          aria-label="Selected field"
          className="rounded-md border border-blue-200 bg-blue-50 p-3"
        >
          <div className="flex items-start justify-between gap-2">
            <FieldCaption name={selected} info={selectedInfo} />
            <button
              type="button"
              onClick={onCloseEditor}
              // 32 px high at least: a finger's target on a phone (issue 34).
              className="-my-1 inline-flex min-h-8 shrink-0 items-center px-2 text-xs text-slate-600 hover:text-slate-800"
            >
              Close
            </button>
          </div>
          <label
            htmlFor={EDITOR_INPUT_ID}
            className="mt-3 block text-sm font-medium text-slate-700"
          >
            Map to table field:
          </label>
          <div className="mt-1">
            <MappingTargetSelect
              inputId={EDITOR_INPUT_ID}
              groups={state.visualTargetGroups}
              value={state.mappingByField.get(selected)?.mapped_field_key ?? null}
              fallbackLabel={targetText(state, selected) ?? undefined}
              isDisabled={!state.selectedTable}
              onChange={(key) => void state.assign(selected, key)}
            />
          </div>
          {!state.selectedTable ? (
            <p className="mt-2 text-xs text-slate-500">Select a table above to map this field.</p>
          ) : null}
          {targetText(state, selected) ? (
            <p className="mt-2 text-xs text-green-700">
              Field is mapped to: {targetText(state, selected)}
            </p>
          ) : (
            <SelectedSuggestion state={state} name={selected} />
          )}
          <SelectedTransform state={state} name={selected} info={selectedInfo} />
        </section>
      ) : null}
      <FieldFilter
        value={filter}
        onChange={onFilterChange}
        shown={shown.length}
        total={fields.length}
      />
      {shown.length === 0 ? (
        <NoFieldsMatch query={filter} onClear={() => onFilterChange('')} />
      ) : (
        <FieldRowList
          fields={shown}
          total={fields.length}
          targetText={(name) => targetText(state, name)}
          selected={selected}
          highlighted={highlighted}
          onSelect={onSelect}
          reveal={reveal}
        />
      )}
    </aside>
  );
}
