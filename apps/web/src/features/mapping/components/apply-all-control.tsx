import type { Suggestion } from '@formbridge/contract/mappings';
import { suggestionsToApply } from '@formbridge/contract/suggestion-apply';
import { Button } from '../../../components/ui/button';

type Props = {
  suggestions: ReadonlyMap<string, Suggestion>;
  mappedFieldNames: ReadonlySet<string>;
  minPercent: number;
  onMinPercentChange: (percent: number) => void;
  onApply: () => void;
  isApplying: boolean;
};

/** Apply All Suggestions with the confidence it applies from, and how many that is. */
export function ApplyAllControl({
  suggestions,
  mappedFieldNames,
  minPercent,
  onMinPercentChange,
  onApply,
  isApplying,
}: Props) {
  const count = suggestionsToApply(suggestions.values(), mappedFieldNames, minPercent).length;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col text-sm font-medium text-slate-700">
        Apply from confidence (%)
        <input
          type="number"
          min={0}
          max={100}
          step={5}
          value={minPercent}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (Number.isFinite(value)) {
              onMinPercentChange(Math.min(100, Math.max(0, value)));
            }
          }}
          className="mt-1 w-24 rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </label>
      <Button variant="secondary" onClick={onApply} disabled={isApplying}>
        {isApplying ? 'Applying...' : 'Apply All Suggestions'}
      </Button>
      <p className="pb-2 text-xs text-slate-500" aria-live="polite">
        {count} of {suggestions.size} suggestions at or above {minPercent}%; existing mappings are
        kept.
      </p>
    </div>
  );
}
