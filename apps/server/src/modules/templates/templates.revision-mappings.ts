import type { FieldMatch } from '@formbridge/contract/template-revision-match';
import type { FieldDataDto } from '@formbridge/contract/templates';
import type { Db } from '../../db/database.ts';

/**
 * What a template revision does to the template's mappings, in the caller's transaction (issue
 * 32). The mappings module provides it and app.ts hands it in, because mappings depend on
 * templates and not the other way round (like TemplateFieldsReplaced).
 */
export type TemplateRevisionMappings = {
  /** The template's mapping set as JSON, kept with the revision that stops being current. */
  snapshot: (trx: Db, ownerId: string, templateId: string) => Promise<string>;
  /** Moves mappings to their matched fields of the new revision; drops (and names) the rest. */
  carry: (
    trx: Db,
    ownerId: string,
    templateId: string,
    change: { matches: readonly FieldMatch[]; oldData: FieldDataDto; newData: FieldDataDto },
  ) => Promise<{ carried: number; dropped: string[] }>;
  /** Replaces the template's mappings with a snapshot; names the ones whose table is gone. */
  restore: (
    trx: Db,
    ownerId: string,
    templateId: string,
    snapshot: string | null,
  ) => Promise<{ restored: number; dropped: string[] }>;
};
