import { z } from 'zod';
import { tableSchema } from '@formbridge/contract/tables';

// Response shapes on top of the contract's tableSchema: counts the list cards and the schema
// summary show, and what a schema edit did to mappings.

export const tableResponseSchema = tableSchema.extend({
  updated_at: z.string(),
  field_count: z.number().int().nonnegative(),
  record_count: z.number().int().nonnegative(),
});
export type TableResponse = z.infer<typeof tableResponseSchema>;

export const droppedMappingSchema = z.object({
  id: z.string(),
  template_id: z.string(),
  field_name: z.string(),
  mapped_table_id: z.string(),
  mapped_field_key: z.string(),
});

/** PUT /api/v1/dynamic-tables/{id}: the table plus the mappings the change deleted. */
export const tableUpdateResponseSchema = tableResponseSchema.extend({
  dropped_mappings: z.array(droppedMappingSchema),
});
