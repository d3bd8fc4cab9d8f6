import type { Db } from '../../db/database.ts';

/**
 * What else changes, in the same transaction, when a template's fields are replaced (a new PDF
 * uploaded, fields written in the editor): given the field names the template has now, it drops
 * what referred to fields that are gone and returns it. The mappings module provides it and
 * app.ts hands it in, because mappings depend on templates and not the other way round.
 */
export type TemplateFieldsReplaced = (
  trx: Db,
  ownerId: string,
  templateId: string,
  fieldNames: readonly string[],
) => Promise<Array<{ id: string; field_name: string }>>;
