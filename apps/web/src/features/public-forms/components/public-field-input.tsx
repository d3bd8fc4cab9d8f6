import { decodePdfName } from '@formbridge/contract/pdf-names';
import type { PublicFieldOption, PublicFieldType } from '@formbridge/contract/public-form-rules';
import { useId } from 'react';

type Props = {
  type: PublicFieldType;
  label: string;
  required: boolean;
  value: unknown;
  options?: readonly PublicFieldOption[];
  description?: string | null;
  error?: string;
  onChange: (value: unknown) => void;
};

const inputClass = (error?: string) =>
  `mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 ${
    error
      ? 'border-red-400 focus:ring-red-200'
      : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-200'
  }`;

function asText(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** One field of a public form, rendered by its type, with its message under it. */
export function PublicFieldInput({
  type,
  label,
  required,
  value,
  options = [],
  description,
  error,
  onChange,
}: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  const caption = (
    <>
      {label}
      {required ? <span className="text-red-600"> *</span> : null}
    </>
  );
  let control: React.ReactNode;
  if (type === 'checkbox') {
    return (
      <div>
        <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          {caption}
        </label>
        {error ? (
          <p id={errorId} className="mt-1 text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  if (type === 'radio') {
    return (
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{caption}</legend>
        <div className="mt-1 space-y-1">
          {options.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={id}
                // Records saved before labels were decoded hold the raw state name.
                checked={decodePdfName(asText(value)) === option.value}
                onChange={() => onChange(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
        {error ? (
          <p className="mt-1 text-sm text-red-600" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  }
  if (type === 'select') {
    control = (
      <select
        {...common}
        className={inputClass(error)}
        value={asText(value)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Select...</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (type === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={4}
        className={inputClass(error)}
        value={asText(value)}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else {
    const inputType =
      type === 'number'
        ? 'number'
        : type === 'date'
          ? 'date'
          : type === 'email'
            ? 'email'
            : type === 'url'
              ? 'url'
              : 'text';
    control = (
      <input
        {...common}
        type={inputType}
        className={inputClass(error)}
        value={asText(value)}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {caption}
      </label>
      {description ? <p className="text-xs text-slate-500">{description}</p> : null}
      {control}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
