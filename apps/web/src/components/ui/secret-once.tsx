import { useId, type ReactNode } from 'react';
import { notify } from '../../lib/toast';
import { Button } from './button';

type Props = {
  /** The field's label ("Your new API token", "Signing secret"). */
  label: string;
  /** What the secret is called in the copy toasts ("Token", "Secret"). */
  noun: string;
  secret: string;
  /** The warning above it: it is shown once, and what it is for. */
  children: ReactNode;
};

/** A secret the server shows once (an API token, a webhook's signing secret), with Copy. */
export function SecretOnce({ label, noun, secret, children }: Props) {
  const inputId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(`${noun} copied to clipboard`);
    } catch {
      notify.error(`Could not copy: select the ${noun.toLowerCase()} and copy it yourself.`);
    }
  };
  return (
    <div className="space-y-3">
      <p role="status" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
        {children}
      </p>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
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
