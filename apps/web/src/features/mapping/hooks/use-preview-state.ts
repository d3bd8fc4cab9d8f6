import { useMemo, useState } from 'react';
import type { PreviewField } from '@formbridge/contract/mapping-preview';
import { useMappingPreview, usePreviewRecords } from '../api/preview-api';

/** The record picked for the preview (per table) and what each field would receive for it. */
export function usePreviewState(templateId: string, tableId: string) {
  const records = usePreviewRecords(tableId);
  const [chosen, setChosen] = useState<{ tableId: string; recordId: string } | null>(null);
  const recordId = chosen?.tableId === tableId ? chosen.recordId : '';
  const preview = useMappingPreview(templateId, tableId, recordId);
  const byField = useMemo(
    () =>
      new Map<string, PreviewField>(
        (recordId ? (preview.data?.fields ?? []) : []).map((field) => [field.field_name, field]),
      ),
    [preview.data, recordId],
  );
  return {
    records,
    recordId,
    selectRecord: (id: string) => setChosen({ tableId, recordId: id }),
    preview,
    byField,
  };
}

export type PreviewState = ReturnType<typeof usePreviewState>;
