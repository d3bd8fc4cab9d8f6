import { forwardRef, useId, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  /** Keeps the label for screen readers only (rows of an editor with column headings). */
  isLabelHidden?: boolean;
  /**
   * A short visible label for phones, where the editor's column headings are hidden; from the
   * `sm` breakpoint up the headings say it and this is hidden.
   */
  phoneLabel?: string;
};

/** A checkbox with its label to the right (or for screen readers only). */
export const CheckboxField = forwardRef<HTMLInputElement, Props>(function CheckboxField(
  { label, id, className = '', isLabelHidden = false, phoneLabel, ...props },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-2 focus:ring-indigo-200"
        {...props}
      />
      <label
        htmlFor={inputId}
        className={isLabelHidden ? 'text-sm text-slate-700' : 'text-sm font-medium text-slate-700'}
      >
        <span className={isLabelHidden ? 'sr-only' : undefined}>{label}</span>
        {isLabelHidden && phoneLabel ? (
          // Left out of the accessible name (aria-hidden), which stays the full label.
          <span aria-hidden="true" className="sm:hidden">
            {phoneLabel}
          </span>
        ) : null}
      </label>
    </div>
  );
});
