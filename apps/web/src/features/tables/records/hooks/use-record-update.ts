import type { RecordResponse } from '@formbridge/contract/records';
import type { Field, TableResponse } from '@formbridge/contract/tables';
import { useState } from 'react';
import { readStaleRecord, usePatchRecord, type RecordData } from '../api/records-api';
import { findConflictingFields } from '../utils/record-conflicts';

export type RecordChoice = 'mine' | 'theirs';

/** A save refused because someone else changed some of the same fields first. */
export type RecordConflict = {
  /** The record as it is now. */
  current: RecordResponse;
  /** The fields both sides changed, to different values. */
  fields: Field[];
  /** Every change being saved. */
  changed: RecordData;
};

// Saves that meet a newer version but no overlapping change are sent again on their own; past
// this many in a row the record is changing too fast and the save reports the 412.
const MAX_MERGES = 3;

/**
 * Saves an edited record's changed fields with If-Match. When someone else saved it first, their
 * changes to other fields are kept and the save is sent again against their version; when both
 * changed a field, `conflict` holds both values until `resolve` gets the user's choice per field.
 */
export function useRecordUpdate(table: TableResponse) {
  const patchRecord = usePatchRecord(table.id);
  const [conflict, setConflict] = useState<RecordConflict | null>(null);
  const [isResolving, setIsResolving] = useState(false);

  /** True when saved; false when a conflict waits for the user's choice. */
  const save = async (base: RecordResponse, changed: RecordData): Promise<boolean> => {
    let version = base.version;
    for (let attempt = 0; ; attempt += 1) {
      if (Object.keys(changed).length === 0) {
        return true;
      }
      try {
        await patchRecord.mutateAsync({ recordId: base.id, data: changed, version });
        return true;
      } catch (error) {
        const current = readStaleRecord(error);
        if (!current || attempt >= MAX_MERGES) {
          throw error;
        }
        const fields = findConflictingFields(table.fields, base.data, changed, current.data);
        if (fields.length > 0) {
          setConflict({ current, fields, changed });
          return false;
        }
        version = current.version;
      }
    }
  };

  /** Saves the changes again against the version the user has now seen, with their choices. */
  const resolve = async (choices: ReadonlyMap<string, RecordChoice>): Promise<boolean> => {
    if (!conflict) {
      return true;
    }
    const kept = Object.entries(conflict.changed).filter(
      ([name]) => choices.get(name) !== 'theirs',
    );
    setConflict(null);
    setIsResolving(true);
    try {
      return await save(conflict.current, Object.fromEntries(kept));
    } finally {
      setIsResolving(false);
    }
  };

  return { conflict, isResolving, save, resolve, dismiss: () => setConflict(null) };
}
