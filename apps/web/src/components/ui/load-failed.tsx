import { Button } from './button';

type Props = {
  /** What could not be loaded, e.g. 'this template' (the heading reads "Couldn't load …"). */
  what: string;
  /** Why, in the user's words (from describeError). */
  reason: string;
  onRetry?: () => void;
  isRetrying?: boolean;
};

/**
 * A load that failed — distinct from "not found" and from an empty list, so a server hiccup is
 * never presented as missing data.
 */
export function LoadFailed({ what, reason, onRetry, isRetrying = false }: Props) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-200 bg-amber-50 px-6 py-8 text-center"
      data-testid="load-failed"
    >
      <h2 className="text-base font-semibold text-slate-900">Couldn't load {what}</h2>
      <p className="mt-1 text-sm break-words text-slate-600">{reason}</p>
      {onRetry ? (
        <Button variant="secondary" className="mt-4" onClick={onRetry} disabled={isRetrying}>
          {isRetrying ? 'Retrying...' : 'Try again'}
        </Button>
      ) : null}
    </div>
  );
}
