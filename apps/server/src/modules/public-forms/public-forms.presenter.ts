import { getRecordDisplayName } from '@formbridge/contract/display-name';
import {
  buildPublicFormUrl,
  type PublicFormLink,
  type PublicFormLinkCreated,
} from '@formbridge/contract/public-links';
import type { CombinationRule, Field } from '@formbridge/contract/tables';
import { toBoolean } from '../../db/dialect.ts';
import type { FormLinkListRow, FormLinkRow } from './public-forms.repo.ts';

/** What creating (or reusing) a link answers: the token and the URL to share. */
export function presentCreatedFormLink(row: FormLinkRow, publicUrl: string): PublicFormLinkCreated {
  return {
    id: row.id,
    token: row.token,
    url: buildPublicFormUrl(publicUrl, row.token),
    created_at: row.created_at,
  };
}

/** A link in the owner's list, with the template's name and the record's display name. */
export function presentFormLink(row: FormLinkListRow, publicUrl: string): PublicFormLink {
  const table = {
    fields: JSON.parse(row.table_fields) as Field[],
    combination_rules: JSON.parse(row.table_rules) as CombinationRule[],
    use_display_field: toBoolean(row.use_display_field),
    display_field_key: row.display_field_key,
  };
  const data = JSON.parse(row.record_data) as Record<string, unknown>;
  return {
    ...presentCreatedFormLink(row, publicUrl),
    template_id: row.template_id,
    template_name: row.template_name,
    table_id: row.table_id,
    record_id: row.record_id,
    record_label: getRecordDisplayName(table, { id: row.record_id, data }),
    is_active: toBoolean(row.is_active),
    revoked_at: row.revoked_at,
  };
}
