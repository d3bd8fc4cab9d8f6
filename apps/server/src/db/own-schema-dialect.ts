import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type PostgresDialectConfig,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from 'kysely/migration';

/**
 * PostgreSQL as Kysely speaks it, except that introspection sees only the app's own schema (the
 * configured one, else `current_schema()`). Kysely's own introspector reads every table of every
 * schema and resolves each one again by name (`pg_get_serial_sequence`, `has_schema_privilege`),
 * so a schema that another session drops meanwhile fails it with `schema "…" does not exist`.
 * The migrator introspects on every start: with apps or test runs creating and dropping schemas
 * in one database (each test app has its own), start-up failed at random.
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  readonly #schema: string | undefined;

  constructor(config: PostgresDialectConfig, schema: string | undefined) {
    super(config);
    this.#schema = schema;
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db, this.#schema);
  }
}

type ColumnRow = {
  table: string;
  table_type: string;
  schema: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: string | null;
};

class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string | null;

  constructor(db: Kysely<unknown>, schema: string | undefined) {
    this.#db = db;
    this.#schema = schema ?? null;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      SELECT nspname AS name FROM pg_catalog.pg_namespace
      WHERE nspname = coalesce(${this.#schema}::text, current_schema())`.execute(this.#db);
    return rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    // The same columns as Kysely's introspector, for one schema only.
    const { rows } = await sql<ColumnRow>`
      SELECT c.relname AS table, c.relkind AS table_type, ns.nspname AS schema,
        a.attname AS column, a.attnotnull AS not_null, a.atthasdef AS has_default,
        typ.typname AS type, dtns.nspname AS type_schema,
        col_description(a.attrelid, a.attnum) AS column_description,
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname)
          AS auto_incrementing
      FROM pg_catalog.pg_attribute a
      JOIN pg_catalog.pg_class c ON a.attrelid = c.oid
      JOIN pg_catalog.pg_namespace ns ON c.relnamespace = ns.oid
      JOIN pg_catalog.pg_type typ ON a.atttypid = typ.oid
      JOIN pg_catalog.pg_namespace dtns ON typ.typnamespace = dtns.oid
      WHERE ns.nspname = coalesce(${this.#schema}::text, current_schema())
        AND c.relkind IN ('r', 'v', 'p', 'f')
        AND a.attnum >= 0 AND NOT a.attisdropped
        AND (${options.withInternalKyselyTables ?? false}
          OR c.relname NOT IN (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE}))
      ORDER BY c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.table_type === 'v',
          isForeign: row.table_type === 'f',
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        isAutoIncrementing: row.auto_incrementing !== null,
        hasDefaultValue: row.has_default,
        comment: row.column_description ?? undefined,
      });
    }
    return [...tables.values()];
  }
}
