// Learning from the account's own mappings (issue 28): when a user maps a PDF field, the field's
// caption, name and region kind are remembered with the target chosen; the next template whose
// field has the same caption (or, when it has none, the same name) in the same kind of region
// gets that target suggested, with the reason "you mapped 'Employer's name' → Employer on W-4".
// A rejected suggestion is remembered too, and that target is not suggested there again.
import type { FieldInfoDto } from '@formbridge/contract/templates';
import { cleanCaption } from './caption-clean.ts';
import type { Suggestion } from './suggest-types.ts';
import { tokenize } from './text-normalize.ts';

/** One remembered choice of the account, newest first when several match. */
export type MappingMemory = {
  caption: string;
  captionKey: string;
  nameKey: string;
  region: string;
  targetKey: string;
  templateName: string;
  verdict: 'confirmed' | 'rejected';
};

/**
 * Shown confidence of a remembered mapping: the user's own choice for the same caption. Not
 * measured (the labelled forms carry no history); set just above Apply All's default so a
 * remembered mapping is applied with the engine's most confident ones.
 */
export const MEMORY_CONFIDENCE = 0.95;

/** `Text12`, `f1_6[0]`: a name that says nothing, never a key to remember by. */
const OPAQUE_NAME = /^(?:[a-z]{0,9}[\s_.-]*)?\d+(?:[\s_.-]*\d+)*$/i;

const keyOf = (text: string) => tokenize(cleanCaption(text)).join(' ');

/** What a field is remembered by: its caption, its own name (unless opaque) and region kind. */
export function memoryKeysOf(
  name: string,
  info: FieldInfoDto,
): Pick<MappingMemory, 'caption' | 'captionKey' | 'nameKey' | 'region'> {
  const caption = (info.tooltip ?? info.label ?? '').trim().slice(0, 300);
  const lastName = (name.split('.').at(-1) ?? name).replace(/\[\d+\]$/, '');
  return {
    caption,
    captionKey: keyOf(caption).slice(0, 300),
    nameKey: OPAQUE_NAME.test(lastName) ? '' : keyOf(lastName).slice(0, 300),
    region: info.region?.owner ?? 'record',
  };
}

function matches(memory: MappingMemory, keys: ReturnType<typeof memoryKeysOf>): boolean {
  if (memory.region !== keys.region) {
    return false;
  }
  if (keys.captionKey !== '' && memory.captionKey !== '') {
    return keys.captionKey === memory.captionKey;
  }
  return keys.nameKey !== '' && keys.nameKey === memory.nameKey;
}

/** The reason shown with a remembered suggestion. */
export function memoryReason(memory: MappingMemory, targetLabel: string): string {
  const what = memory.caption === '' ? 'this field' : `'${memory.caption}'`;
  return `you mapped ${what} → ${targetLabel} on ${memory.templateName}`;
}

export type MemoryContext = {
  /** Unmapped fields in template order. */
  fields: readonly { name: string; info: FieldInfoDto }[];
  /** Targets of this table by key: a remembered key the table no longer has is not suggested. */
  targets: ReadonlyMap<string, { label: string; reusable: boolean; parties: ReadonlySet<string> }>;
};

/**
 * The engine's suggestions with the account's memories applied: a remembered target replaces the
 * engine's choice for a field with the same caption (and is taken from any other field the engine
 * gave it to), a rejected one is dropped. In template field order.
 */
export function applyMemories(
  suggestions: readonly Suggestion[],
  memories: readonly MappingMemory[],
  context: MemoryContext,
): Suggestion[] {
  const byField = new Map(suggestions.map((s) => [s.field_name, s]));
  const remembered = new Map<string, Suggestion>();
  for (const { name, info } of context.fields) {
    const keys = memoryKeysOf(name, info);
    const relevant = memories.filter((memory) => matches(memory, keys));
    const current = byField.get(name);
    const isRejected = (key: string) =>
      relevant.some((memory) => memory.verdict === 'rejected' && memory.targetKey === key);
    if (current && isRejected(current.suggested_field_key)) {
      byField.delete(name);
    }
    const memory = relevant.find(
      (m) =>
        m.verdict === 'confirmed' && context.targets.has(m.targetKey) && !isRejected(m.targetKey),
    );
    const target = memory ? context.targets.get(memory.targetKey) : undefined;
    if (memory && target) {
      const owner = info.region?.owner;
      remembered.set(name, {
        field_name: name,
        suggested_field_key: memory.targetKey,
        confidence_score: MEMORY_CONFIDENCE,
        reason: memoryReason(memory, target.label),
        // The account's own confirmed mapping: Apply All may write it, if not another party's box.
        apply_all: owner === undefined || target.parties.has(owner),
        ...(owner === undefined
          ? {}
          : {
              region: {
                owner,
                label: info.region?.label ?? owner,
                foreign: !target.parties.has(owner),
              },
            }),
      });
    }
  }
  const takenByMemory = new Set(
    [...remembered.values()]
      .map((s) => s.suggested_field_key)
      .filter((key) => context.targets.get(key)?.reusable === false),
  );
  return context.fields.flatMap(({ name }) => {
    const chosen = remembered.get(name);
    if (chosen) {
      return [chosen];
    }
    const engine = byField.get(name);
    return engine && !takenByMemory.has(engine.suggested_field_key) ? [engine] : [];
  });
}
