// The latin ligatures of a font's GSUB 'liga' feature, read from fontkit's parsed tables (it
// exposes them untyped), for the shared subset's table-driven shaping (fonts-shared.ts).
import type { FontFace } from './fonts.ts';

type GsubTable = {
  scriptList: Array<{
    tag: string;
    script: { defaultLangSys: { featureIndexes: number[] } };
  }>;
  featureList: Array<{ tag: string; feature: { lookupListIndexes: number[] } }>;
  lookupList: { get(index: number): GsubLookup };
};
type LigatureSet = Array<{ glyph: number; components: number[] }>;
type GsubLookup = {
  lookupType: number;
  subTables: Array<{
    coverage: {
      version: number;
      glyphs?: number[];
      rangeRecords?: Array<{ start: number; end: number }>;
    };
    ligatureSets?: { get(index: number): LigatureSet | { toArray(): LigatureSet } };
  }>;
};

function coverageGlyphs(coverage: GsubLookup['subTables'][number]['coverage']): number[] {
  if (coverage.version === 1) {
    return coverage.glyphs ?? [];
  }
  return (coverage.rangeRecords ?? []).flatMap(({ start, end }) =>
    Array.from({ length: end - start + 1 }, (_, index) => start + index),
  );
}

/** The latn 'liga' ligatures: first glyph → [ligature glyph, following glyphs], font order. */
export function latinLigatures(face: FontFace): Map<number, Array<[number, number[]]>> {
  const found = new Map<number, Array<[number, number[]]>>();
  const gsub = (face.font as unknown as { GSUB?: GsubTable }).GSUB;
  const latn = gsub?.scriptList.find((entry) => entry.tag === 'latn');
  if (!gsub || !latn) {
    return found;
  }
  for (const featureIndex of latn.script.defaultLangSys.featureIndexes) {
    const feature = gsub.featureList[featureIndex];
    if (feature?.tag !== 'liga') {
      continue;
    }
    for (const lookupIndex of feature.feature.lookupListIndexes) {
      const lookup = gsub.lookupList.get(lookupIndex);
      if (lookup.lookupType !== 4) {
        continue;
      }
      for (const table of lookup.subTables) {
        coverageGlyphs(table.coverage).forEach((first, index) => {
          const lazy = table.ligatureSets?.get(index) ?? [];
          const set = Array.isArray(lazy) ? lazy : lazy.toArray();
          const list = found.get(first) ?? [];
          list.push(...set.map(({ glyph, components }): [number, number[]] => [glyph, components]));
          found.set(first, list);
        });
      }
    }
  }
  return found;
}
