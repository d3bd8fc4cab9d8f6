import { useEffect, useId, useRef } from 'react';

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** How many fields match, and how many there are. */
  shown: number;
  total: number;
  className?: string;
};

/** Whether a key press belongs to something the user is typing into. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * "Filter fields": long lists render only the rows in view, so the browser's own find cannot
 * reach the others. "/" focuses the box from anywhere outside a text input; Escape empties it.
 */
export function FieldFilter({ value, onChange, shown, total, className = '' }: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key === '/' &&
        !event.defaultPrevented &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isTyping(event.target)
      ) {
        event.preventDefault();
        inputRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      <label htmlFor={id} className="sr-only">
        Filter fields
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={value}
        placeholder="Filter fields (press /)"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          // Escape empties the box first; with nothing typed it closes what it is in, as before.
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            event.stopPropagation();
            onChange('');
          }
        }}
        className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
      />
      <span className="text-xs whitespace-nowrap text-slate-500" aria-live="polite">
        {shown === total ? `${total} fields` : `${shown} of ${total} fields`}
      </span>
    </div>
  );
}

/** What a filtered list shows when nothing matches, with a way back to every field. */
export function NoFieldsMatch({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm">
      <p className="font-medium text-slate-700">No fields match &ldquo;{query.trim()}&rdquo;</p>
      <button
        type="button"
        onClick={onClear}
        className="mt-2 font-medium text-indigo-600 hover:text-indigo-500"
      >
        Clear filter
      </button>
    </div>
  );
}
