import { describe, expect, it } from 'vitest';
import { memoryKeysOf, type MappingMemory } from './mapping-memory.ts';
import { suggestFieldMappings } from './suggest-field-mappings.ts';
import { pdfField, suggestInput, table } from './suggest-test-helpers.ts';

const staff = table('Staff', ['Name', 'Company', 'Email']);
const remembered = (
  name: string,
  caption: string,
  targetKey: string,
  verdict: MappingMemory['verdict'] = 'confirmed',
): MappingMemory => ({
  ...memoryKeysOf(name, pdfField({ tooltip: caption })),
  targetKey,
  templateName: 'W-4',
  verdict,
});

function suggest(fields: Parameters<typeof suggestInput>[0], memories: MappingMemory[]) {
  return suggestFieldMappings({ ...suggestInput(fields, staff), memories }).map((s) => [
    s.field_name,
    s.suggested_field_key,
    s.reason,
  ]);
}

describe("suggestions from the account's own mappings", () => {
  it('suggests the remembered target for the same caption, taking it from the engine', () => {
    const fields = {
      Text1: pdfField({ tooltip: 'Name of business' }),
      Text2: pdfField({ tooltip: 'Name' }),
    };
    expect(suggest(fields, [remembered('f1_1[0]', 'Name of business', 'Company')])).toEqual([
      ['Text1', 'Company', "you mapped 'Name of business' → Company on W-4"],
      ['Text2', 'Name', 'name/tooltip "name" ~ "Name"'],
    ]);
  });

  it('never suggests a rejected target there again, and ignores other regions', () => {
    const fields = { Text2: pdfField({ tooltip: 'Name' }) };
    expect(suggest(fields, [remembered('Text9', 'Name', 'Name', 'rejected')])).toEqual([]);
    const preparer = {
      ...remembered('Text9', 'Name', 'Company'),
      region: 'preparer',
    };
    expect(suggest(fields, [preparer])).toEqual([
      ['Text2', 'Name', 'name/tooltip "name" ~ "Name"'],
    ]);
  });

  it('forgets a target the table no longer has', () => {
    const fields = { Text1: pdfField({ tooltip: 'Employer' }) };
    expect(suggest(fields, [remembered('x', 'Employer', 'Employer Name')])).toEqual([]);
  });
});
