import { useState, type ComponentProps } from 'react';
import { findOption, MappingTargetSelect } from './mapping-target-select';

type Props = ComponentProps<typeof MappingTargetSelect> & { ariaLabel: string };

/**
 * A row's choice list as a plain button until the user reaches it (click, tap or Tab), then the
 * searchable list itself, focused. Hundreds of rows scroll past on a long form: mounting a
 * react-select for each cost most of the time it took to scroll (docs/benchmarks.md, h-ux).
 */
export function LazyTargetSelect(props: Props) {
  const [opened, setOpened] = useState<{ withMenu: boolean } | null>(null);
  if (opened) {
    return <MappingTargetSelect {...props} autoFocus defaultMenuIsOpen={opened.withMenu} />;
  }
  const { value, groups, fallbackLabel, isDisabled, ariaLabel } = props;
  const label = value ? (findOption(groups, value)?.label ?? fallbackLabel ?? value) : null;
  return (
    <button
      type="button"
      role="combobox"
      aria-label={ariaLabel}
      aria-expanded={false}
      aria-haspopup="listbox"
      disabled={isDisabled}
      // A click opens the list; keyboard focus (Tab) swaps in the list with its menu closed.
      onMouseDown={(event) => {
        event.preventDefault();
        setOpened({ withMenu: true });
      }}
      onFocus={() => setOpened({ withMenu: false })}
      className="flex min-h-[38px] w-full items-center justify-between gap-2 rounded border border-[hsl(0,0%,80%)] bg-white py-0.5 pr-2 pl-2.5 text-left hover:border-[hsl(0,0%,70%)] disabled:border-[hsl(0,0%,90%)] disabled:bg-[hsl(0,0%,95%)]"
    >
      <span
        className={`min-w-0 truncate ${label ? 'text-[hsl(0,0%,20%)]' : 'text-[hsl(0,0%,50%)]'} ${isDisabled ? 'opacity-60' : ''}`}
      >
        {label ?? 'Not mapped'}
      </span>
      <span className="flex items-center gap-2 text-[hsl(0,0%,80%)]" aria-hidden="true">
        <span className="h-5 w-px bg-[hsl(0,0%,80%)]" />
        <svg height="20" width="20" viewBox="0 0 20 20" fill="currentColor">
          <path d="M4.516 7.548c0.436-0.446 1.043-0.481 1.576 0l3.908 3.747 3.908-3.747c0.533-0.481 1.141-0.446 1.574 0 0.436 0.445 0.408 1.197 0 1.615-0.406 0.418-4.695 4.502-4.695 4.502-0.217 0.223-0.502 0.335-0.787 0.335s-0.57-0.112-0.789-0.335c0 0-4.287-4.084-4.695-4.502s-0.436-1.17 0-1.615z" />
        </svg>
      </span>
    </button>
  );
}
