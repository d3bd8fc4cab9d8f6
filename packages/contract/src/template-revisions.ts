// Template revisions (issue 32): API shapes of uploading a new edition of a template's PDF,
// listing the editions and making an earlier one current.
import { z } from 'zod';

export const revisionDiffSchema = z.object({
  /** Same name, same type, box in place. */
  kept: z.array(z.string()),
  /** Matched by box or caption under another name. */
  renamed: z.array(z.object({ from: z.string(), to: z.string() })),
  /** Same name and type; a box edge moved more than 5 pt, or another page. */
  moved: z.array(z.string()),
  /** New fields nothing was matched to: to map. */
  added: z.array(z.string()),
  /** Old fields with no counterpart. */
  removed: z.array(z.string()),
  /** Same name, another type: matched, but its mapping does not carry. */
  type_changed: z.array(z.string()),
});
export type RevisionDiff = z.infer<typeof revisionDiffSchema>;

export const revisionUploadResponseSchema = z.object({
  revision: z.number().int(),
  diff: revisionDiffSchema,
  /** Mappings moved to their field in the new revision. */
  mappings_carried: z.number().int(),
  /** Old field names whose mappings were dropped (field removed, type changed, option gone). */
  mappings_dropped: z.array(z.string()),
});
export type RevisionUploadResponse = z.infer<typeof revisionUploadResponseSchema>;

export const templateRevisionSchema = z.object({
  revision: z.number().int(),
  /** Name (or e-mail) of who uploaded it; null for revisions made when revisions were introduced. */
  created_by: z.string().nullable(),
  created_at: z.string(),
  field_count: z.number().int(),
  page_count: z.number().int(),
  file_size: z.number().int(),
  is_current: z.boolean(),
});
export type TemplateRevision = z.infer<typeof templateRevisionSchema>;

export const templateRevisionListSchema = z.object({
  current_revision: z.number().int(),
  revisions: z.array(templateRevisionSchema),
});
export type TemplateRevisionList = z.infer<typeof templateRevisionListSchema>;

export const makeCurrentResponseSchema = z.object({
  current_revision: z.number().int(),
  /** Mappings of the template now (restored from when this revision was last current). */
  mappings_restored: z.number().int(),
  /** Stored mappings not restored because their table is gone. */
  mappings_dropped: z.array(z.string()),
});
export type MakeCurrentResponse = z.infer<typeof makeCurrentResponseSchema>;

export const revisionParamsSchema = z.object({
  id: z.uuid(),
  n: z.coerce.number().int().min(1),
});

/** An explicit revision in a generate request; absent = the current one. */
export const templateRevisionField = z.number().int().min(1).optional();
