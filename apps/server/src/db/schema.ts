import type { ColumnType } from 'kysely';

/** Row types of every table. Times are ISO 8601 UTC strings, ids UUID strings, JSON as text. */
export type UsersTable = {
  id: string;
  email: string;
  /** Lower-cased e-mail: uniqueness and look-up ignore case. */
  email_lower: string;
  password_hash: string;
  created_at: string;
};

export type PdfTemplatesTable = {
  id: string;
  owner_id: string;
  name: string;
  /** Storage key of the PDF as uploaded. */
  file_key: string;
  file_size: number;
  /** JSON FieldData (contract.md "Template fields"). */
  field_data: string;
  field_count: number;
  page_count: number;
  /** JSON array of {width, height}. */
  pages: string;
  created_at: string;
  updated_at: string;
};

/** Read as 0/1 on SQLite and true/false on PostgreSQL (read with `toBoolean`); written as boolean. */
type BooleanColumn = ColumnType<boolean | number, boolean, boolean>;

export type DynamicTablesTable = {
  id: string;
  owner_id: string;
  name: string;
  /** JSON array of Field (contract tables.ts). */
  fields: string;
  /** JSON array of CombinationRule. */
  combination_rules: string;
  use_display_field: BooleanColumn;
  display_field_key: string | null;
  created_at: string;
  updated_at: string;
};

export type TableRecordsTable = {
  id: string;
  owner_id: string;
  table_id: string;
  /** JSON object of values by field name; file fields hold a list of record_files ids. */
  data: string;
  created_at: string;
  updated_at: string;
};

export type RecordFilesTable = {
  id: string;
  owner_id: string;
  table_id: string;
  record_id: string;
  field_name: string;
  filename: string;
  /** Sniffed from the bytes at upload, never taken from the client. */
  content_type: string;
  file_size: number;
  file_key: string;
  created_at: string;
};

export type FieldMappingsTable = {
  id: string;
  owner_id: string;
  template_id: string;
  field_name: string;
  mapped_table_id: string;
  /** Stored form: 'field', 'linkfield.field' or 'universal::key' (contract mapping-keys.ts). */
  mapped_field_key: string;
  suggested: BooleanColumn;
  created_at: string;
  updated_at: string;
};

export type Database = {
  users: UsersTable;
  pdf_templates: PdfTemplatesTable;
  dynamic_tables: DynamicTablesTable;
  table_records: TableRecordsTable;
  record_files: RecordFilesTable;
  field_mappings: FieldMappingsTable;
};
