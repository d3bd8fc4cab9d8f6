import {
  ONBOARDING_STEP_LABELS,
  type Onboarding,
  type OnboardingStepKey,
} from '@formbridge/contract/onboarding';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useDismissChecklist } from '../api/onboarding-api';

/** Where each step is done; a sample's own screens when the account has one. */
function stepLink(key: OnboardingStepKey, sample: Onboarding['sample']): string {
  switch (key) {
    case 'upload':
      return '/templates?upload=1';
    case 'table':
      return '/tables';
    case 'map':
      return sample ? `/mapping/${sample.template_id}` : '/templates';
    case 'generate':
      return sample ? `/tables/${sample.table_id}` : '/forms';
  }
}

/**
 * Upload → table → map → generate, each ticked from the account's own data (GET /onboarding);
 * gone once all four are done or the user hides it.
 */
export function GettingStartedChecklist({ onboarding }: { onboarding: Onboarding }) {
  const dismiss = useDismissChecklist();
  if (onboarding.complete || onboarding.dismissed) {
    return null;
  }
  const done = onboarding.steps.filter((step) => step.done).length;
  const hide = () =>
    dismiss.mutate(undefined, { onError: () => notify.error('Could not hide the checklist') });
  return (
    <section
      aria-labelledby="getting-started"
      className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="getting-started" className="font-semibold text-slate-900">
            Getting started
          </h2>
          <p className="text-sm text-slate-600">
            {done} of {onboarding.steps.length} steps done
          </p>
        </div>
        <Button variant="ghost" onClick={hide} disabled={dismiss.isPending}>
          Hide checklist
        </Button>
      </div>
      <ol className="mt-3 space-y-1">
        {onboarding.steps.map((step, index) => (
          <li key={step.key} className="flex items-center gap-3 text-sm">
            <span
              aria-hidden="true"
              className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                step.done ? 'bg-emerald-600 text-white' : 'bg-slate-100 text-slate-700'
              }`}
            >
              {step.done ? '✓' : index + 1}
            </span>
            {step.done ? (
              <span className="text-slate-600 line-through">
                {ONBOARDING_STEP_LABELS[step.key]}
                <span className="sr-only"> (done)</span>
              </span>
            ) : (
              <Link
                to={stepLink(step.key, onboarding.sample)}
                className="inline-flex min-h-8 items-center font-medium text-indigo-700 hover:underline"
              >
                {ONBOARDING_STEP_LABELS[step.key]}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
