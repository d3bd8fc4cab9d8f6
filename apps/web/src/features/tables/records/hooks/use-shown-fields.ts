import type { Field } from '@formbridge/contract/tables';
import { useMemo, useState } from 'react';
import { matchesSearch } from '../../../../lib/search-text';

/**
 * Which fields a record form shows (a long form can be filtered by name or label) and which one
 * it brings into view: the first field in error, never left hidden by the filter.
 */
export function useShownFields(fields: readonly Field[]) {
  const [firstError, setFirstError] = useState<number | null>(null);
  const [filter, setFilterText] = useState('');
  const shown = useMemo(
    () =>
      fields.flatMap((field, index) =>
        matchesSearch(filter, [field.name, field.label]) ? [index] : [],
      ),
    [fields, filter],
  );
  return {
    filter,
    shown,
    firstError,
    setFilter: (text: string) => {
      setFilterText(text);
      setFirstError(null);
    },
    /** Brings this field (by index) into view, clearing a filter that hides it. */
    showError: (index: number | null) => {
      if (index !== null && !shown.includes(index)) {
        setFilterText('');
      }
      setFirstError(index);
    },
  };
}
