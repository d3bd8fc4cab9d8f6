import type { Suggestion } from '@formbridge/contract/mappings';
import { confidencePercent } from '@formbridge/contract/suggestion-apply';

/** A suggestion's confidence with its evidence (which words matched), for both mapping views. */
export function SuggestionHint({ suggestion }: { suggestion: Suggestion }) {
  return (
    <span className="block max-w-xs text-xs whitespace-normal text-slate-500">
      <span className="font-medium text-slate-700">{confidencePercent(suggestion)}%</span>
      {' · '}
      <span title={suggestion.reason}>{suggestion.reason}</span>
    </span>
  );
}
