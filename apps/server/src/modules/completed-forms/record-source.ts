import { GENERATION_MESSAGES } from '@formbridge/contract/completed-forms';
import type { FieldDataDto, TemplateFillSettings } from '@formbridge/contract/templates';
import type { Db } from '../../db/database.ts';
import type { FillOptions } from '../../pdf/fill/fill-form.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { addendumLabel } from '../../suggest/addendum-label.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { StorageNotFoundError } from '../../lib/storage/storage.ts';
import {
  listTemplateMappings,
  readMappingSnapshot,
  type StoredMapping,
} from '../mappings/mappings.public.ts';
import { listRecordsByIds, type StoredRecord } from '../records/records.public.ts';
import { listTables, type StoredTable } from '../tables/tables.public.ts';
import { findTemplate, findTemplateRevision } from '../templates/templates.public.ts';
import { collectLinkedIds, type SourceRecord } from './assemble-values.ts';

// Loads what generation reads: the table with every table its links reach, the template with its
// mappings to that table, and records in batches with the records their links point at.

export type TableSource = { table: StoredTable; tablesById: ReadonlyMap<string, StoredTable> };

export type TemplateSource = {
  id: string;
  name: string;
  fileKey: string;
  fieldData: FieldDataDto;
  settings: TemplateFillSettings;
  /** The template revision filled (issue 32): the current one unless one was asked for. */
  revision: number;
  /** Only the mappings that read from the generation's table, transforms read once. */
  mappings: StoredMapping[];
};

/** The owner's table and all their tables (link targets); 404 when the table is not theirs. */
export async function loadTableSource(db: Db, ownerId: string, tableId: string) {
  const tables = await listTables(db, ownerId);
  const table = tables.find((candidate) => candidate.id === tableId);
  if (!table) {
    throw notFound('Table');
  }
  return { table, tablesById: new Map(tables.map((item) => [item.id, item])) } as TableSource;
}

/**
 * The owner's template with its mappings to `table`: 404 when the template is not theirs, 422
 * when none of its fields is mapped to that table (there would be nothing to fill).
 */
export async function loadTemplateSource(
  db: Db,
  ownerId: string,
  templateId: string,
  table: StoredTable,
  revision?: number,
): Promise<TemplateSource> {
  const template = await findTemplate(db, ownerId, templateId);
  if (!template) {
    throw notFound('Template');
  }
  const source =
    revision === undefined || revision === template.current_revision
      ? {
          revision: template.current_revision,
          fileKey: template.file_key,
          fieldData: template.field_data,
          mappings: await listTemplateMappings(db, ownerId, templateId, table.id),
        }
      : await loadEarlierRevision(db, ownerId, templateId, table.id, revision);
  if (source.mappings.length === 0) {
    throw new AppError(422, GENERATION_MESSAGES.notMapped(table.name), 'not_mapped');
  }
  return {
    id: template.id,
    name: template.name,
    settings: template.fill_settings,
    ...source,
  };
}

/** A revision other than the current one: its PDF, its fields and the mappings it had then. */
async function loadEarlierRevision(
  db: Db,
  ownerId: string,
  templateId: string,
  tableId: string,
  revision: number,
) {
  const stored = await findTemplateRevision(db, ownerId, templateId, revision);
  if (!stored) {
    throw new AppError(404, `Template revision ${revision} not found`, 'revision_not_found');
  }
  return {
    revision: stored.revision,
    fileKey: stored.file_key,
    fieldData: stored.field_data,
    mappings: readMappingSnapshot(stored.mappings, tableId),
  };
}

/** The template's PDF; a missing file is the server's problem, said plainly. */
export async function readTemplateBytes(storage: Storage, source: TemplateSource) {
  try {
    return new Uint8Array(await storage.read(source.fileKey));
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      throw new AppError(
        409,
        `The PDF file of template '${source.name}' is missing; upload it again`,
      );
    }
    throw error;
  }
}

function toSourceRecord(record: StoredRecord): SourceRecord {
  return { id: record.id, table_id: record.table_id, data: record.data };
}

export type RecordBatch = {
  /** The requested records of the table, by id (absent: deleted since, or never there). */
  records: Map<string, SourceRecord>;
  /** Records their link fields point at, one and two links away. */
  linkedRecords: Map<string, SourceRecord>;
};

/** Loads records of `table` by id with the linked records mappings may read. */
export async function loadRecordBatch(
  db: Db,
  ownerId: string,
  source: TableSource,
  ids: readonly string[],
): Promise<RecordBatch> {
  const rows = await listRecordsByIds(db, ownerId, ids);
  const records = new Map(
    rows
      .filter((row) => row.table_id === source.table.id)
      .map((row) => [row.id, toSourceRecord(row)]),
  );
  const linkedRecords = new Map<string, SourceRecord>();
  let frontier: SourceRecord[] = [...records.values()];
  for (let depth = 0; depth < 2 && frontier.length > 0; depth += 1) {
    const wanted = collectLinkedIds(frontier, source.tablesById).filter(
      (id) => !linkedRecords.has(id),
    );
    const loaded =
      wanted.length > 0 ? (await listRecordsByIds(db, ownerId, wanted)).map(toSourceRecord) : [];
    loaded.forEach((record) => linkedRecords.set(record.id, record));
    frontier = loaded;
  }
  return { records, linkedRecords };
}

type EngineSettings = Omit<FillOptions, 'flatten'>;

// Per loaded template object: a bulk job asks once per record, and the labels map alone was
// several allocations per field per form on the main thread. Loaded templates are never changed.
const settingsByTemplate = new WeakMap<object, EngineSettings>();

/**
 * What the engine is told for this template: its floor and read-only policy, that an empty
 * record value keeps what the template already shows (docs/decisions.md, issue 13), and, when
 * the template asks for it, the addendum with the fields' detected labels.
 */
export function engineSettings(
  template: Pick<TemplateSource, 'settings' | 'fieldData'>,
): EngineSettings {
  const known = settingsByTemplate.get(template);
  if (known) {
    return known;
  }
  const { settings } = template;
  const labels = () =>
    Object.fromEntries(
      Object.entries(template.fieldData).map(([name, info]) => [name, addendumLabel(name, info)]),
    );
  const made: EngineSettings = {
    legibilityFloor: settings.legibility_floor,
    readOnly: settings.read_only,
    emptyValues: 'keep',
    ...(settings.addendum
      ? {
          addendum: { reference: settings.addendum_reference, title: 'Addendum', labels: labels() },
        }
      : {}),
  };
  settingsByTemplate.set(template, made);
  return made;
}
