import { resolveMappingTarget } from '@formbridge/contract/mapping-targets';
import { MAPPING_MESSAGES } from '@formbridge/contract/mappings';
import { parseTemplate } from '@formbridge/contract/transforms-template';
import type { Transform } from '@formbridge/contract/transforms';
import { UNIVERSAL_FIELDS } from '@formbridge/contract/universal-fields';
import { validationError } from '../../lib/errors.ts';
import type { TableCatalog } from './mappings.targets.ts';

// The schema checks a transform's shape; what only the table can answer (does every template
// placeholder name one of its fields?) is checked here, with the same 422 shape.

/** Throws 422 naming the first template placeholder the mapped table cannot fill. */
export function checkTransformTargets(transform: Transform | null, catalog: TableCatalog): void {
  if (transform?.kind !== 'template') {
    return;
  }
  const parsed = parseTemplate(transform.template);
  const parts = parsed.ok ? parsed.parts : [];
  for (const part of parts) {
    if (part.kind !== 'value') {
      continue;
    }
    const resolved = resolveMappingTarget(part.key, catalog.table, catalog.byId, UNIVERSAL_FIELDS);
    if (!resolved.ok) {
      throw validationError([
        {
          loc: ['body', 'transform', 'template'],
          msg: MAPPING_MESSAGES.templatePlaceholder(part.key, resolved.message),
        },
      ]);
    }
  }
}

/** The stored form: JSON text, or null for none. */
export function serializeTransform(transform: Transform | null): string | null {
  return transform === null ? null : JSON.stringify(transform);
}
