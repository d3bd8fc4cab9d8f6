import { createRandom } from '../hostile/mutate.ts';

/** The part of an OpenAPI schema the fuzzer reads to aim its bodies. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202e\u0301',
  '💥'.repeat(50),
  '\ud800',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'x'.repeat(70_000),
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30',
  '1e309',
  'NaN',
  'null',
];

const HOSTILE_NUMBERS = [0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e-308];

/** A seeded generator of JSON bodies: shaped like the schema most of the time, hostile always. */
export function createBodyGenerator(seed: number, knownIds: () => string[]) {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  const anyValue = (depth: number): unknown => {
    const roll = random();
    if (roll < 0.25) {
      return pick(HOSTILE_STRINGS);
    }
    if (roll < 0.4) {
      return pick(HOSTILE_NUMBERS);
    }
    if (roll < 0.5) {
      return pick([true, false, null]);
    }
    if (roll < 0.6) {
      return pick(knownIds()) ?? 'missing';
    }
    if (roll < 0.75 && depth < 4) {
      return Array.from({ length: Math.floor(random() * 4) }, () => anyValue(depth + 1));
    }
    if (roll < 0.9 && depth < 4) {
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(random() * 4); i > 0; i -= 1) {
        object[pick([...HOSTILE_STRINGS.slice(0, 12), 'name', 'type', 'id'])] = anyValue(depth + 1);
      }
      return object;
    }
    return `text-${Math.floor(random() * 1000)}`;
  };

  // Gentle bodies follow the schema with plain values, so some requests get past validation.
  let gentle = false;

  const typedValue = (schema: JsonSchema, depth: number): unknown => {
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants && variants.length > 0) {
      return typedValue(pick(variants), depth);
    }
    if (schema.enum && random() < 0.8) {
      return pick(schema.enum);
    }
    const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type;
    if (!gentle && random() < 0.2) {
      return anyValue(depth);
    }
    switch (type) {
      case 'string': {
        const roll = random();
        if (roll < 0.4) {
          return pick(knownIds()) ?? 'id';
        }
        return gentle || roll < 0.7 ? `Name ${Math.floor(random() * 1000)}` : pick(HOSTILE_STRINGS);
      }
      case 'integer':
      case 'number':
        return gentle ? Math.floor(random() * 10) : pick(HOSTILE_NUMBERS);
      case 'boolean':
        return random() < 0.5;
      case 'array':
        return depth > 5
          ? []
          : Array.from({ length: Math.floor(random() * 3) }, () =>
              typedValue(schema.items ?? {}, depth + 1),
            );
      case 'object':
        return shapedObject(schema, depth + 1);
      default:
        return anyValue(depth);
    }
  };

  const shapedObject = (schema: JsonSchema, depth: number): Record<string, unknown> => {
    const body: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (gentle && property.type === 'string' && /e-?mail/i.test(key)) {
        // An address where one is asked for, so sign-up and invitations get past validation
        // too, whatever order the endpoints come in (the schema carries no format to go by).
        body[key] = `fuzz-${Math.floor(random() * 100_000)}@example.com`;
      } else if (gentle || random() < 0.85) {
        body[key] = typedValue(property, depth);
      }
    }
    if (!gentle && random() < 0.2) {
      body[pick(HOSTILE_STRINGS.slice(0, 12))] = anyValue(depth);
    }
    return body;
  };

  /** One body as JSON text: usually schema-shaped, sometimes raw garbage or absurd nesting. */
  return (schema: JsonSchema | undefined): string => {
    const roll = random();
    if (roll < 0.05) {
      return pick(['', '{', '[]', 'null', '"x"', '{"a":1,}', '\u0000', '{"a":"\\ud800"}']);
    }
    if (roll < 0.08) {
      const depth = 50 + Math.floor(random() * 5000);
      return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    }
    gentle = roll > 0.7;
    return JSON.stringify(schema ? typedValue(schema, 0) : anyValue(0));
  };
}
