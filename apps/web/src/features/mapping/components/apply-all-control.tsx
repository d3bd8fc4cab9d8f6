import type { Suggestion } from '@formbridge/contract/mappings';
import {
  confidencePercent,
  groupByRegion,
  suggestionsToApply,
} from '@formbridge/contract/suggestion-apply';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

type Props = {
  suggestions: ReadonlyMap<string, Suggestion>;
  mappedFieldNames: ReadonlySet<string>;
  minPercent: number;
  onMinPercentChange: (percent: number) => void;
  onApply: () => void;
  isApplying: boolean;
};

/** What Apply All will write, grouped by the region of the page each field is in. */
function ApplyAllConfirm({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: readonly Suggestion[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title="Apply these suggestions?"
      onClose={onCancel}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>Write {pending.length} mappings</Button>
        </>
      }
    >
      <div className="max-h-96 space-y-4 overflow-y-auto text-sm">
        {groupByRegion(pending).map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h3 className="font-medium text-slate-800">{group.title}</h3>
            <ul className="mt-1 space-y-0.5 text-slate-600">
              {group.items.map((s) => (
                <li key={s.field_name}>
                  {s.field_name} → {s.suggested_field_key} ({confidencePercent(s)}%)
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  );
}

/**
 * Apply All Suggestions with the confidence it applies from, and how many that is: the server
 * marks which suggestions are safe to write unattended (`apply_all`); the percentage narrows that.
 */
export function ApplyAllControl({
  suggestions,
  mappedFieldNames,
  minPercent,
  onMinPercentChange,
  onApply,
  isApplying,
}: Props) {
  const pending = suggestionsToApply(suggestions.values(), mappedFieldNames, minPercent);
  const count = pending.length;
  const [isConfirming, setIsConfirming] = useState(false);
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
      <Button
        variant="secondary"
        onClick={() => (count === 0 ? onApply() : setIsConfirming(true))}
        disabled={isApplying}
      >
        {isApplying ? 'Applying...' : 'Apply All Suggestions'}
      </Button>
      <p className="pb-2 text-xs text-slate-500" aria-live="polite">
        {count} of {suggestions.size} suggestions at or above {minPercent}% and safe to write
        unattended; the others are yours to check one by one. Existing mappings are kept, and
        nothing is written into another party&apos;s block.
      </p>
      {isConfirming ? (
        <ApplyAllConfirm
          pending={pending}
          onCancel={() => setIsConfirming(false)}
          onConfirm={() => {
            setIsConfirming(false);
            onApply();
          }}
        />
      ) : null}
    </div>
  );
}
