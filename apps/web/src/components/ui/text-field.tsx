import { forwardRef, useId, type InputHTMLAttributes } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  /**
   * For rows of an editor whose column headings say what each input is from `sm` (or `md`) up:
   * below that breakpoint this short label shows above the input, above it only screen readers
   * get the full label. Placeholders alone vanish once the user types (spec §2 layouts).
   */
  phoneLabel?: { text: string; hiddenFrom: 'sm' | 'md' };
};

// Literal class names, so Tailwind sees them.
const PHONE_LABEL_CLASSES = {
  sm: { label: 'sm:sr-only', input: 'sm:mt-0' },
  md: { label: 'md:sr-only', input: 'md:mt-0' },
} as const;

/** A labelled input with its validation message announced to screen readers. */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, id, className = '', phoneLabel, ...props },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      {phoneLabel ? (
        <label
          htmlFor={inputId}
          className={`block text-xs font-medium text-slate-600 ${PHONE_LABEL_CLASSES[phoneLabel.hiddenFrom].label}`}
        >
          {phoneLabel.text}
        </label>
      ) : (
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
      )}
      <input
        ref={ref}
        id={inputId}
        // The short phone label is what shows; the full one names the input everywhere.
        aria-label={phoneLabel ? label : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1 ${phoneLabel ? PHONE_LABEL_CLASSES[phoneLabel.hiddenFrom].input : ''} block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 ${
          error
            ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
            : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-200'
        }`}
        {...props}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
});
