/**
 * A file attached to a record's file field, as other modules work with it (the record's data
 * lists the ids of its files; the bytes live in storage under `file_key`).
 */
export type StoredFile = {
  id: string;
  owner_id: string;
  table_id: string;
  record_id: string;
  field_name: string;
  filename: string;
  content_type: string;
  file_size: number;
  file_key: string;
  created_at: string;
};
