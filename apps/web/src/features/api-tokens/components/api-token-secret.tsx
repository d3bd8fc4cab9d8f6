import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';

/** The new token's secret, shown once, with a copy button and the warning that it is gone after. */
export function ApiTokenSecret({ name, secret }: { name: string; secret: string }) {
  const inputId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success('Token copied to clipboard');
    } catch {
      notify.error('Could not copy: select the token and copy it yourself.');
    }
  };
  return (
    <div className="space-y-3">
      <p role="status" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
        Copy the token “{name}” now: you won’t see it again. Store it like a password.
      </p>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        Your new API token
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
