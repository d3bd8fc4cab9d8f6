import type { TargetGroup, TargetOption } from '@formbridge/contract/mapping-targets';
import Select, { type GroupBase } from 'react-select';
import { VirtualMenuList } from './virtual-menu-list';

type Props = {
  groups: TargetGroup[];
  value: string | null;
  /** Shown when the current value is not among the options (mapped from another table). */
  fallbackLabel?: string;
  onChange: (key: string | null) => void;
  isDisabled?: boolean;
  inputId?: string;
  ariaLabel?: string;
  /** Focus the input on mount, and open the menu with it (a stand-in was clicked). */
  autoFocus?: boolean;
  defaultMenuIsOpen?: boolean;
};

/** The option a stored key stands for, in whichever group holds it. */
export function findOption(groups: TargetGroup[], key: string): TargetOption | undefined {
  for (const group of groups) {
    const option = group.options.find((item) => item.key === key);
    if (option) {
      return option;
    }
  }
  return undefined;
}

/** Searchable, clearable grouped choice of what fills a PDF field ('Not mapped' when empty). */
export function MappingTargetSelect({
  groups,
  value,
  fallbackLabel,
  onChange,
  isDisabled,
  inputId,
  ariaLabel,
  autoFocus,
  defaultMenuIsOpen,
}: Props) {
  const selected = value
    ? (findOption(groups, value) ?? { key: value, label: fallbackLabel ?? value, type: '' })
    : null;
  return (
    <Select<TargetOption, false>
      inputId={inputId}
      aria-label={ariaLabel}
      autoFocus={autoFocus}
      defaultMenuIsOpen={defaultMenuIsOpen}
      options={groups.map((group) => ({ label: group.label, options: group.options }))}
      value={selected}
      onChange={(option) => onChange(option ? option.key : null)}
      getOptionValue={(option) => option.key}
      getOptionLabel={(option) => option.label}
      formatOptionLabel={(option, meta) =>
        meta.context === 'menu' ? (
          <span className="flex justify-between gap-3">
            <span>{option.label}</span>
            <span className="text-xs text-slate-500">{option.type}</span>
          </span>
        ) : (
          option.label
        )
      }
      placeholder="Not mapped"
      isClearable
      isSearchable
      isDisabled={isDisabled}
      menuPortalTarget={typeof document === 'undefined' ? undefined : document.body}
      styles={{ menuPortal: (base) => ({ ...base, zIndex: 60 }) }}
      classNamePrefix="mapping-select"
      // A 925-field table lists every field: only the options in view are rendered.
      components={{ MenuList: VirtualMenuList<TargetOption, false, GroupBase<TargetOption>> }}
    />
  );
}
