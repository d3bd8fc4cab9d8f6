import type { Generated } from 'kysely';

/** Row types of every table. Times are ISO 8601 UTC strings, ids UUID strings, JSON as text. */
export type UsersTable = {
  id: string;
  email: string;
  /** Lower-cased e-mail: uniqueness and look-up ignore case. */
  email_lower: string;
  password_hash: string;
  created_at: string;
};

export type Database = {
  users: UsersTable;
};

// Kept so later tables can use auto-increment columns without another import site.
export type { Generated };
