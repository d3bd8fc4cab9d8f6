// TrueType hinting (glyph instructions, fpgm, prep, cvt) is about a third of a DejaVu subset and
// only steers rasterizing at small pixel sizes on screen; PDF viewers scale the outlines. The
// subset every output of a template carries (fonts-shared.ts) drops it.

const DROPPED_TABLES = new Set(['fpgm', 'prep', 'cvt ']);
// Composite glyph component flags (OpenType 'glyf').
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;
const WE_HAVE_INSTRUCTIONS = 0x0100;

/** One glyph's outline without its instructions. */
function stripGlyph(glyph: Uint8Array): Uint8Array {
  if (glyph.byteLength === 0) {
    return glyph;
  }
  const view = new DataView(glyph.buffer, glyph.byteOffset, glyph.byteLength);
  const contours = view.getInt16(0);
  if (contours >= 0) {
    const lengthAt = 10 + 2 * contours;
    const instructions = view.getUint16(lengthAt);
    const out = new Uint8Array(glyph.byteLength - instructions);
    out.set(glyph.subarray(0, lengthAt), 0); // Header and contour ends; length stays 0.
    out.set(glyph.subarray(lengthAt + 2 + instructions), lengthAt + 2);
    return out;
  }
  let at = 10;
  let flagsAt = at;
  let flags = MORE_COMPONENTS;
  while (flags & MORE_COMPONENTS) {
    flagsAt = at;
    flags = view.getUint16(at);
    at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    at += flags & WE_HAVE_A_SCALE ? 2 : 0;
    at += flags & WE_HAVE_AN_X_AND_Y_SCALE ? 4 : 0;
    at += flags & WE_HAVE_A_TWO_BY_TWO ? 8 : 0;
  }
  const out = glyph.slice(0, at);
  new DataView(out.buffer).setUint16(flagsAt, flags & ~WE_HAVE_INSTRUCTIONS);
  return out;
}

function checksum(bytes: Uint8Array): number {
  const padded = new Uint8Array((bytes.byteLength + 3) & ~3);
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let at = 0; at < padded.byteLength; at += 4) {
    sum = (sum + view.getUint32(at)) >>> 0;
  }
  return sum;
}

/** `font` (a TrueType file with a 'glyf' table) without hinting; other fonts unchanged. */
export function withoutHinting(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, Uint8Array>();
  for (let index = 0; index < view.getUint16(4); index += 1) {
    const at = 12 + 16 * index;
    const tag = String.fromCharCode(...font.subarray(at, at + 4));
    const offset = view.getUint32(at + 8);
    tables.set(tag, font.subarray(offset, offset + view.getUint32(at + 12)));
  }
  const head = tables.get('head');
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  if (!head || !loca || !glyf) {
    return font;
  }
  const longOffsets = new DataView(head.buffer, head.byteOffset).getInt16(50) === 1;
  const locaView = new DataView(loca.buffer, loca.byteOffset, loca.byteLength);
  const offsetAt = (index: number): number =>
    longOffsets ? locaView.getUint32(index * 4) : locaView.getUint16(index * 2) * 2;
  const count = loca.byteLength / (longOffsets ? 4 : 2) - 1;
  const glyphs: Uint8Array[] = [];
  for (let index = 0; index < count; index += 1) {
    glyphs.push(stripGlyph(glyf.subarray(offsetAt(index), offsetAt(index + 1))));
  }
  // Glyphs padded to 4 bytes; offsets kept in the file's own format.
  const newGlyf = new Uint8Array(
    glyphs.reduce((sum, glyph) => sum + ((glyph.byteLength + 3) & ~3), 0),
  );
  const newLoca = new Uint8Array(loca.byteLength);
  const newLocaView = new DataView(newLoca.buffer);
  let position = 0;
  glyphs.forEach((glyph, index) => {
    if (longOffsets) {
      newLocaView.setUint32(index * 4, position);
    } else {
      newLocaView.setUint16(index * 2, position / 2);
    }
    newGlyf.set(glyph, position);
    position += (glyph.byteLength + 3) & ~3;
  });
  if (longOffsets) {
    newLocaView.setUint32(count * 4, position);
  } else {
    newLocaView.setUint16(count * 2, position / 2);
  }
  tables.set('glyf', newGlyf);
  tables.set('loca', newLoca);
  for (const tag of DROPPED_TABLES) {
    tables.delete(tag);
  }
  const tags = [...tables.keys()].sort();
  let size = 12 + 16 * tags.length;
  const offsets = tags.map((tag) => {
    const offset = size;
    size += ((tables.get(tag)?.byteLength ?? 0) + 3) & ~3;
    return offset;
  });
  const out = new Uint8Array(size);
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 4), 0); // sfnt version
  const searchPower = 2 ** Math.floor(Math.log2(tags.length));
  outView.setUint16(4, tags.length);
  outView.setUint16(6, searchPower * 16);
  outView.setUint16(8, Math.log2(searchPower));
  outView.setUint16(10, tags.length * 16 - searchPower * 16);
  tags.forEach((tag, index) => {
    const table = tables.get(tag) ?? new Uint8Array();
    const at = 12 + 16 * index;
    for (let char = 0; char < 4; char += 1) {
      out[at + char] = tag.charCodeAt(char);
    }
    outView.setUint32(at + 4, checksum(table));
    outView.setUint32(at + 8, offsets[index] ?? 0);
    outView.setUint32(at + 12, table.byteLength);
    out.set(table, offsets[index] ?? 0);
  });
  return out;
}
