import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type RecordTab = 'details' | 'history';

const TABS: ReadonlyArray<[RecordTab, string]> = [
  ['details', 'Details'],
  ['history', 'History'],
];

type Props = {
  value: RecordTab;
  onChange: (tab: RecordTab) => void;
  /** Each tab's panel; only the chosen one is shown. */
  panels: Readonly<Record<RecordTab, ReactNode>>;
};

/**
 * A record's Details and History as tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move
 * between the tabs, each panel is labelled by its tab.
 */
export function RecordTabs({ value, onChange, panels }: Props) {
  const id = useId();
  const refs = useRef(new Map<RecordTab, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex(([tab]) => tab === value);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + TABS.length - 1) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    const tab = next === null ? undefined : TABS[next]?.[0];
    if (tab) {
      event.preventDefault();
      onChange(tab);
      refs.current.get(tab)?.focus();
    }
  };
  return (
    <div>
      <div role="tablist" aria-label="Record" className="mb-4 flex gap-1 border-b border-slate-200">
        {TABS.map(([tab, label]) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) {
                refs.current.set(tab, element);
              }
            }}
            type="button"
            role="tab"
            id={`${id}-${tab}-tab`}
            aria-selected={value === tab}
            aria-controls={`${id}-${tab}-panel`}
            tabIndex={value === tab ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={onKeyDown}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              value === tab
                ? 'border-indigo-600 text-indigo-600'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      {TABS.map(([tab]) => (
        <div
          key={tab}
          role="tabpanel"
          id={`${id}-${tab}-panel`}
          aria-labelledby={`${id}-${tab}-tab`}
          hidden={value !== tab}
        >
          {value === tab || tab === 'details' ? panels[tab] : null}
        </div>
      ))}
    </div>
  );
}
