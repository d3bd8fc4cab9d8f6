import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp } from '../../test/harness.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { DialectName } from './dialect.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { WORKSPACE_OWNED_TABLES } from './migrations/2026-11-27-h31-01-workspaces.ts';
import { openNodeSqlite } from './node-sqlite-adapter.ts';
import { OwnSchemaPostgresDialect } from './own-schema-dialect.ts';
import type { Database } from './schema.ts';

// Data made by the release before workspaces (every migration but this one), then the upgrade:
// every row is still there under the same owner id, which now names the account's personal
// workspace; the app serves it to its account; the foreign keys point at workspaces.
const WORKSPACES = '2026-11-27-h31-01-workspaces';
const PASSWORD = 'correct horse battery';
const AT = '2026-11-20T10:00:00.000Z';

type Target = { db: Kysely<Database>; close: () => Promise<void> };

async function openPrevious(dialect: DialectName, where: string): Promise<Target> {
  if (dialect === 'sqlite') {
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: async () => openNodeSqlite(where) }),
    });
    return { db, close: () => db.destroy() };
  }
  const url = process.env.TEST_DATABASE_URL ?? '';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${where}`);
  await client.end();
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${where}` });
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }, where) });
  return { db, close: () => db.destroy() };
}

async function migratePrevious(db: Kysely<Database>, schema?: string): Promise<void> {
  // MIGRATIONS lists them in landing order: the previous release had those before this one.
  const names = Object.keys(MIGRATIONS);
  const previous = Object.fromEntries(
    Object.entries(MIGRATIONS).slice(0, names.indexOf(WORKSPACES)),
  );
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => previous },
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error(JSON.stringify(error));
  }
}

/** One of everything an account owned before workspaces. */
async function fillAccount(
  db: Kysely<Database>,
  email: string,
): Promise<{ id: string; ids: (what: string) => string }> {
  const id = crypto.randomUUID();
  const made = new Map<string, string>();
  const ids = (what: string) => {
    const known = made.get(what) ?? crypto.randomUUID();
    made.set(what, known);
    return known;
  };
  await db
    .insertInto('users')
    .values({
      id,
      email,
      email_lower: email.toLowerCase(),
      password_hash: await hashPassword(PASSWORD),
      created_at: AT,
      is_admin: false,
      disabled: false,
      can_invite: true,
    })
    .execute();
  const common = { owner_id: id, created_at: AT };
  await db
    .insertInto('pdf_templates')
    .values({
      ...common,
      id: ids('tpl'),
      name: 'W-9',
      file_key: `templates/${id}.pdf`,
      original_file_key: null,
      file_size: 10,
      field_data: '{"fields":[]}',
      field_count: 0,
      page_count: 1,
      pages: '[{"width":612,"height":792}]',
      fill_settings: null,
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('dynamic_tables')
    .values({
      ...common,
      id: ids('tbl'),
      name: 'Clients',
      fields: '[{"name":"name","label":"Name","type":"string","required":true}]',
      combination_rules: '[]',
      use_display_field: false,
      display_field_key: null,
      record_count: 1,
      records_version: 1,
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('table_records')
    .values({
      ...common,
      id: ids('rec'),
      table_id: ids('tbl'),
      data: '{"name":"Ada"}',
      updated_at: AT,
      version: 1,
    })
    .execute();
  await db
    .insertInto('record_files')
    .values({
      ...common,
      id: ids('file'),
      table_id: ids('tbl'),
      record_id: ids('rec'),
      field_name: 'name',
      filename: 'a.txt',
      content_type: 'text/plain',
      file_size: 1,
      file_key: `files/${id}`,
    })
    .execute();
  await db
    .insertInto('field_mappings')
    .values({
      ...common,
      id: ids('map'),
      template_id: ids('tpl'),
      field_name: 'Name',
      mapped_table_id: ids('tbl'),
      mapped_field_key: 'name',
      suggested: false,
      transform: null,
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('mapping_memories')
    .values({
      owner_id: id,
      id: ids('mem'),
      caption: 'Name',
      caption_key: 'name',
      name_key: 'name',
      region: 'record',
      target_key: 'name',
      template_name: 'W-9',
      verdict: 'confirmed',
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('jobs')
    .values({
      ...common,
      id: ids('job'),
      kind: 'bulk-generation',
      status: 'succeeded',
      done: 1,
      total: 1,
      failed: 0,
      payload: '{}',
      result: null,
      error: null,
      updated_at: AT,
      finished_at: AT,
    })
    .execute();
  await db
    .insertInto('completed_forms')
    .values({
      ...common,
      id: ids('form'),
      template_id: ids('tpl'),
      template_name: 'W-9',
      table_id: ids('tbl'),
      table_name: 'Clients',
      record_id: ids('rec'),
      record_display_name: 'Ada',
      job_id: ids('job'),
      file_key: `forms/${id}.pdf`,
      file_size: 10,
      file_name: 'W-9 - Ada.pdf',
      fill_report: '{}',
      fields_requested: 0,
      fields_written: 0,
      fields_with_problems: 0,
      email_sent_to: '[]',
      email_error: null,
      flattened: false,
    })
    .execute();
  const link = {
    ...common,
    table_id: ids('tbl'),
    record_id: ids('rec'),
    is_active: true,
  };
  await db
    .insertInto('public_form_links')
    .values({
      ...link,
      id: ids('pfl'),
      token: ids('t1'),
      template_id: ids('tpl'),
      revoked_at: null,
    })
    .execute();
  await db
    .insertInto('public_data_links')
    .values({
      ...link,
      id: ids('pdl'),
      token: ids('t2'),
      expires_at: null,
      custom_message: null,
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('invitations')
    .values({
      owner_id: id,
      id: ids('inv'),
      email: `invited-${email}`,
      email_lower: `invited-${email}`.toLowerCase(),
      token_hash: crypto.createHash('sha256').update(id).digest('hex'),
      created_at: AT,
      expires_at: '2099-01-01T00:00:00.000Z',
      accepted_at: null,
    })
    .execute();
  return { id, ids };
}

async function ownersByTable(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of [...WORKSPACE_OWNED_TABLES, 'invitations'] as const) {
    const { rows } = await sql<{ id: string; owner_id: string }>`
      SELECT id, owner_id FROM ${sql.table(table)} ORDER BY id`.execute(db);
    result[table] = rows.map((row) => `${row.id}:${row.owner_id}`);
  }
  return result;
}

for (const dialect of DIALECTS) {
  describe(`the workspaces migration on ${dialect}`, () => {
    it('keeps every row of the previous release, now in personal workspaces', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formbridge-ws-migration-'));
      const schema = `wsm_${crypto.randomBytes(6).toString('hex')}`;
      const previous = await openPrevious(
        dialect,
        dialect === 'sqlite' ? path.join(dataDir, 'formbridge.sqlite') : schema,
      );
      await migratePrevious(previous.db, dialect === 'postgres' ? schema : undefined);
      const { id: ada, ids: adas } = await fillAccount(previous.db, 'ada@example.com');
      const { id: bob } = await fillAccount(previous.db, 'bob@example.com');
      const before = await ownersByTable(previous.db);
      await previous.close();

      // The new release starts on that data and migrates it.
      const t = await startTestApp(
        dialect,
        dialect === 'sqlite' ? { dataDir } : { databaseSchema: schema },
      );
      try {
        const { db } = t.ctx;
        expect(await ownersByTable(db)).toEqual(before);
        expect(Object.values(before).every((rows) => rows.length === 2)).toBe(true);
        const workspaces = await db
          .selectFrom('workspaces')
          .innerJoin('workspace_members', 'workspace_members.workspace_id', 'workspaces.id')
          .select(['workspaces.id', 'personal_user_id', 'user_id', 'role', 'name'])
          .orderBy('workspaces.id')
          .execute();
        expect(workspaces).toEqual(
          [ada, bob].sort().map((id) => ({
            id,
            personal_user_id: id,
            user_id: id,
            role: 'owner',
            name: 'Personal',
          })),
        );
        if (dialect === 'sqlite') {
          expect((await sql`PRAGMA foreign_key_check`.execute(db)).rows).toEqual([]);
          expect((await sql`PRAGMA integrity_check`.execute(db)).rows).toEqual([
            { integrity_check: 'ok' },
          ]);
        }

        // The account signs in and finds its table and record where they were.
        const login = await t.request('POST', '/api/v1/auth/login', {
          form: { username: 'ada@example.com', password: PASSWORD },
        });
        expect(login.status).toBe(200);
        const token = (login.body as { access_token: string }).access_token;
        const tables = await t.request('GET', '/api/v1/dynamic-tables', { token });
        expect(tables.status, tables.text).toBe(200);
        expect((tables.body as Array<{ id: string }>).map((one) => one.id)).toEqual([adas('tbl')]);
        const records = await t.request('GET', `/api/v1/dynamic-tables/${adas('tbl')}/records`, {
          token,
          headers: { 'X-Workspace-Id': ada },
        });
        expect((records.body as Array<{ data: unknown }>).map((one) => one.data)).toEqual([
          { name: 'Ada' },
        ]);

        // owner_id now points at workspaces: a row for no workspace is refused ...
        await expect(
          sql`UPDATE dynamic_tables SET owner_id = ${'no-such-workspace'} WHERE owner_id = ${ada}`.execute(
            db,
          ),
        ).rejects.toThrow(/foreign key/i);
        // ... and deleting the account takes its workspace and everything in it, nothing else.
        await db.deleteFrom('users').where('id', '=', ada).execute();
        const after = await ownersByTable(db);
        for (const [table, rows] of Object.entries(after)) {
          expect(rows, table).toEqual(before[table]?.filter((row) => row.endsWith(`:${bob}`)));
        }
      } finally {
        await t.close();
      }
    });
  });
}
