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

export type Database = {
  users: UsersTable;
  pdf_templates: PdfTemplatesTable;
};
