import type { Suggestion } from '@formbridge/contract/mappings';
import { confidencePercent } from '@formbridge/contract/suggestion-apply';

/**
 * A suggestion's confidence with its evidence (which words matched, or "you mapped 'Employer's
 * name' → employer on W-4" when the account's own mapping is the reason), and "Not this", which
 * turns it down for good, for both mapping views.
 */
export function SuggestionHint({
  suggestion,
  onReject,
}: {
  suggestion: Suggestion;
  onReject?: (suggestion: Suggestion) => void;
}) {
  return (
    <span className="block max-w-xs text-xs whitespace-normal text-slate-500">
      <span className="font-medium text-slate-700">{confidencePercent(suggestion)}%</span>
      {' · '}
      <span title={suggestion.reason}>{suggestion.reason}</span>
      {onReject ? (
        <>
          {' · '}
          <button
            type="button"
            onClick={() => onReject(suggestion)}
            aria-label={`Not ${suggestion.suggested_field_key} for ${suggestion.field_name}`}
            className="font-medium text-slate-600 underline hover:text-slate-800"
          >
            Not this
          </button>
        </>
      ) : null}
    </span>
  );
}
