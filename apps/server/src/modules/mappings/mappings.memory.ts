import crypto from 'node:crypto';
import type { RejectSuggestionBody } from '@formbridge/contract/mappings';
import type { FieldDataDto } from '@formbridge/contract/templates';
import type { Db } from '../../db/database.ts';
import { auditWrite } from '../../lib/audit/audit-simple.ts';
import type { AuditScope } from '../../lib/audit/request-scope.ts';
import type { AppContext } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { memoryKeysOf, type MappingMemory } from '../../suggest/mapping-memory.ts';
import { requireTemplate } from '../templates/templates.public.ts';
import { rememberChoice } from './mappings.memory.repo.ts';

// Learning from the account's own mappings (issue 28): every mapping the user makes is remembered
// as a confirmation, every suggestion turned down as a rejection (suggest/mapping-memory.ts).

/** Remembers what the user chose (or turned down) for one field of a template. */
export async function rememberFieldChoice(
  db: Db,
  ownerId: string,
  template: { name: string; field_data: FieldDataDto },
  fieldName: string,
  targetKey: string,
  verdict: MappingMemory['verdict'],
): Promise<void> {
  const info = template.field_data[fieldName];
  if (!info) {
    return;
  }
  const keys = memoryKeysOf(fieldName, info);
  if (keys.captionKey === '' && keys.nameKey === '') {
    // Nothing to recognise the field by on another template ("Text12", no caption).
    return;
  }
  await rememberChoice(db, {
    id: crypto.randomUUID(),
    owner_id: ownerId,
    caption: keys.caption,
    caption_key: keys.captionKey,
    name_key: keys.nameKey,
    region: keys.region,
    target_key: targetKey.slice(0, 600),
    template_name: template.name.slice(0, 255),
    verdict,
    updated_at: new Date().toISOString(),
  });
}

/** The user turned a suggestion down: it is not made again for a field captioned the same. */
export async function rejectSuggestion(
  ctx: AppContext,
  scope: AuditScope,
  templateId: string,
  body: RejectSuggestionBody,
): Promise<void> {
  const ownerId = scope.workspaceId;
  const template = await requireTemplate(ctx.db, ownerId, templateId);
  if (!Object.hasOwn(template.field_data, body.field_name)) {
    throw validationError([
      { loc: ['body', 'field_name'], msg: `The template has no field ${body.field_name}` },
    ]);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await rememberFieldChoice(
      trx,
      ownerId,
      template,
      body.field_name,
      body.suggested_field_key,
      'rejected',
    );
    await auditWrite(trx, scope, {
      action: 'template.suggestion_rejected',
      target: { kind: 'template', id: template.id, name: template.name },
      after: { [body.field_name]: `not ${body.suggested_field_key}` },
    });
  });
}
