import { getRecordDisplayName } from '@formbridge/contract/display-name';
import {
  buildPublicDataFormUrl,
  isLinkExpired,
  type DataLink,
} from '@formbridge/contract/public-links';
import type { CombinationRule, Field } from '@formbridge/contract/tables';
import { toBoolean } from '../../db/dialect.ts';
import type { DataLinkListRow } from './data-links.repo.ts';

/** A data link as the owner's API returns it, with the URL to share and the record's label. */
export function presentDataLink(
  row: DataLinkListRow,
  publicUrl: string,
  now = Date.now(),
): DataLink {
  const fields = JSON.parse(row.table_fields) as Field[];
  const data = JSON.parse(row.record_data) as Record<string, unknown>;
  return {
    id: row.id,
    table_id: row.table_id,
    record_id: row.record_id,
    token: row.token,
    url: buildPublicDataFormUrl(publicUrl, row.token),
    is_active: toBoolean(row.is_active),
    is_expired: isLinkExpired(row.expires_at, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
    expires_at: row.expires_at,
    custom_message: row.custom_message,
    table_name: row.table_name,
    // The §3 rule, like every other place a record is named (docs/decisions.md).
    record_label: getRecordDisplayName(
      {
        fields,
        combination_rules: JSON.parse(row.table_combination_rules) as CombinationRule[],
        use_display_field: toBoolean(row.table_use_display_field),
        display_field_key: row.table_display_field_key,
      },
      { id: row.record_id, data },
    ),
  };
}
