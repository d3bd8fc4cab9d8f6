import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  /** Keeps the label for screen readers only (rows of an editor with column headings). */
  isLabelHidden?: boolean;
  children: ReactNode;
};

/** A labelled native select with its validation message announced to screen readers. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField(
  { label, error, id, className = '', isLabelHidden = false, children, ...props },
  ref,
) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <label
        htmlFor={selectId}
        className={isLabelHidden ? 'sr-only' : 'block text-sm font-medium text-slate-700'}
      >
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${isLabelHidden ? '' : 'mt-1'} block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 disabled:bg-slate-50 disabled:text-slate-400 ${
          error
            ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
            : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-200'
        }`}
        {...props}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
});
