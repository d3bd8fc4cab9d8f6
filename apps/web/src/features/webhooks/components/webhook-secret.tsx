import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';

/** The endpoint's signing secret, shown once, with a copy button. */
export function WebhookSecret({ secret }: { secret: string }) {
  const inputId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success('Secret copied to clipboard');
    } catch {
      notify.error('Could not copy: select the secret and copy it yourself.');
    }
  };
  return (
    <div className="space-y-3">
      <p role="status" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
        Copy the signing secret now: you won’t see it again. Your receiver uses it to check the
        Formbridge-Signature header of each event.
      </p>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        Signing secret
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
    </div>
  );
}
