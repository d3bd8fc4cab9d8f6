// Issue 32, template revisions: which field of a new edition of a PDF is which field of the old
// one. Pure: detected fields in, matches and the diff out. Conservative on purpose — a mapping
// carried to the wrong box writes a value into the wrong place on a real form, which is worse
// than leaving the field for the user to map, so every rule below prefers "unmatched".
import type { FieldDataDto, FieldInfoDto } from './templates.ts';

/** How a new field was found to be an old one. */
export type MatchBasis = 'name' | 'rect' | 'caption';

export type FieldMatch = { from: string; to: string; basis: MatchBasis };

export type RevisionDiff = {
  kept: string[];
  renamed: Array<{ from: string; to: string }>;
  moved: string[];
  added: string[];
  removed: string[];
  type_changed: string[];
};

export type RevisionMatch = { matches: FieldMatch[]; diff: RevisionDiff };

/** A box whose edge moved more than this (pt) or changed page counts as moved. */
export const MOVED_TOLERANCE_PT = 5;
/** Minimum intersection over union of two boxes for a match by position. */
export const RECT_MATCH_MIN_IOU = 0.6;
/**
 * Below this share of names surviving the edition, the form was renumbered: a same name whose
 * box moved is then a coincidence (IRS Schedule 8812 2021 → 2022), not the same input.
 */
export const NAME_SURVIVAL_FOR_MOVES = 0.5;

type Rect = FieldInfoDto['rect'];

function iou(a: Rect, b: Rect): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) {
    return 0;
  }
  const inter = w * h;
  const area = (r: Rect) => Math.max(0, r[2] - r[0]) * Math.max(0, r[3] - r[1]);
  return inter / (area(a) + area(b) - inter);
}

/** True when the field changed page, gained or lost widgets, or an edge moved past the tolerance. */
export function hasMoved(a: FieldInfoDto, b: FieldInfoDto): boolean {
  if (a.page !== b.page || a.widgets.length !== b.widgets.length) {
    return true;
  }
  const far = (x: Rect, y: Rect) =>
    x.some((v, i) => Math.abs(v - (y[i] ?? v)) > MOVED_TOLERANCE_PT);
  return far(a.rect, b.rect) || a.widgets.some((w, i) => far(w.rect, b.widgets[i]?.rect ?? w.rect));
}

function normalise(text: string | undefined): string {
  return (text ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The printed caption a person reads next to the box, else its tooltip; '' when neither. */
export function fieldCaption(field: FieldInfoDto): string {
  const first = field.label_candidates?.[0];
  const candidate = typeof first === 'string' ? first : first?.text;
  return normalise(field.label ?? candidate ?? field.tooltip);
}

type Side = { data: FieldDataDto; free: Set<string> };

/**
 * Share of the fields whose full name is in both editions. Below NAME_SURVIVAL_FOR_MOVES the form
 * was renumbered, and a name or a box that stayed is weak evidence on its own.
 */
function nameSurvival(oldData: FieldDataDto, newData: FieldDataDto): number {
  const shared = Object.keys(oldData).filter((name) => name in newData).length;
  return shared / Math.max(Object.keys(oldData).length, Object.keys(newData).length, 1);
}

/**
 * Same full name. In a renumbered form a name match is refused (both stay unmatched) when the box
 * moved, or when the old field's caption now belongs to exactly one other new field.
 */
function matchByName(
  oldSide: Side,
  newSide: Side,
  renumbered: boolean,
  matches: FieldMatch[],
): void {
  const shared = [...oldSide.free].filter((name) => newSide.free.has(name));
  const newByCaption = groupByCaption(newSide.data, new Set(Object.keys(newSide.data)));
  for (const name of shared) {
    const a = oldSide.data[name]!;
    const b = newSide.data[name]!;
    if (renumbered) {
      const caption = fieldCaption(a);
      const holders = caption ? (newByCaption.get(caption) ?? []) : [];
      const captionElsewhere = holders.length === 1 && holders[0] !== name;
      if (hasMoved(a, b) || captionElsewhere) {
        continue;
      }
    }
    matches.push({ from: name, to: name, basis: 'name' });
    oldSide.free.delete(name);
    newSide.free.delete(name);
  }
}

/**
 * In a renumbered form two boxes in one place are the same input only when they carry the same
 * caption, printed once in each edition: a caption repeated down a table ("Social security
 * number" on every dependent's row) cannot tell a row that shifted by one.
 */
function uniqueCaptionsAgree(oldData: FieldDataDto, newData: FieldDataDto) {
  const count = (data: FieldDataDto) => {
    const counts = new Map<string, number>();
    for (const field of Object.values(data)) {
      const caption = fieldCaption(field);
      counts.set(caption, (counts.get(caption) ?? 0) + 1);
    }
    return counts;
  };
  const oldCounts = count(oldData);
  const newCounts = count(newData);
  return (a: FieldInfoDto, b: FieldInfoDto) => {
    const caption = fieldCaption(a);
    return (
      caption !== '' &&
      caption === fieldCaption(b) &&
      oldCounts.get(caption) === 1 &&
      newCounts.get(caption) === 1
    );
  };
}

/**
 * Same type, same page and boxes that overlap (IoU ≥ RECT_MATCH_MIN_IOU), taken only when each is
 * the other's single best candidate: one-to-one, and no guess between two close boxes.
 */
function matchByRect(
  oldSide: Side,
  newSide: Side,
  renumbered: boolean,
  matches: FieldMatch[],
): void {
  const agree = uniqueCaptionsAgree(oldSide.data, newSide.data);
  const best = (from: Side, to: Side, name: string) => {
    const a = from.data[name]!;
    let top: string | null = null;
    let topScore = 0;
    let ambiguous = false;
    for (const other of to.free) {
      const b = to.data[other]!;
      if (b.type !== a.type || b.page !== a.page || (renumbered && !agree(a, b))) {
        continue;
      }
      const score = iou(a.rect, b.rect);
      if (score >= RECT_MATCH_MIN_IOU && score === topScore) {
        ambiguous = true;
      } else if (score >= RECT_MATCH_MIN_IOU && score > topScore) {
        [top, topScore, ambiguous] = [other, score, false];
      }
    }
    return ambiguous ? null : top;
  };
  const pairs: Array<[string, string]> = [];
  for (const name of oldSide.free) {
    const target = best(oldSide, newSide, name);
    if (target !== null && best(newSide, oldSide, target) === name) {
      pairs.push([name, target]);
    }
  }
  for (const [from, to] of pairs) {
    matches.push({ from, to, basis: 'rect' });
    oldSide.free.delete(from);
    newSide.free.delete(to);
  }
}

function groupByCaption(data: FieldDataDto, names: Set<string>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const caption = fieldCaption(data[name]!);
    if (caption) {
      groups.set(caption, [...(groups.get(caption) ?? []), name]);
    }
  }
  return groups;
}

/** Reading order of a row of boxes: page, then left to right, then top to bottom. */
function readingOrder(data: FieldDataDto) {
  return (x: string, y: string) => {
    const a = data[x]!;
    const b = data[y]!;
    return a.page - b.page || a.rect[0] - b.rect[0] || a.rect[1] - b.rect[1];
  };
}

/** The boxes sit side by side on one line of one page (a caption over a row of boxes). */
function isOneRow(names: readonly string[], data: FieldDataDto): boolean {
  const fields = names.map((name) => data[name]!);
  const first = fields[0]!;
  const middle = (f: FieldInfoDto) => (f.rect[1] + f.rect[3]) / 2;
  const height = Math.max(...fields.map((f) => f.rect[3] - f.rect[1]));
  return fields.every(
    (f) => f.page === first.page && Math.abs(middle(f) - middle(first)) <= height / 2,
  );
}

/**
 * Same caption, unique in each edition among all its fields, on fields still unmatched. One old
 * and one new field with that caption match; a caption shared by several boxes (“PLZ Ort” over two) matches them in reading order
 * only when both editions have the same number of them, all of one type.
 */
function matchByCaption(oldSide: Side, newSide: Side, matches: FieldMatch[]): void {
  const oldGroups = groupByCaption(oldSide.data, new Set(Object.keys(oldSide.data)));
  const newGroups = groupByCaption(newSide.data, new Set(Object.keys(newSide.data)));
  for (const [caption, olds] of oldGroups) {
    const news = newGroups.get(caption);
    // The whole group on both sides, all still unmatched: a caption that also sits on a field
    // matched another way is not unique enough to decide the rest.
    const allFree = (names: string[], side: Side) => names.every((n) => side.free.has(n));
    if (
      !news ||
      news.length !== olds.length ||
      !allFree(olds, oldSide) ||
      !allFree(news, newSide)
    ) {
      continue;
    }
    if (olds.length > 1 && !(isOneRow(olds, oldSide.data) && isOneRow(news, newSide.data))) {
      continue;
    }
    const types = new Set([
      ...olds.map((n) => oldSide.data[n]!.type),
      ...news.map((n) => newSide.data[n]!.type),
    ]);
    if (types.size !== 1) {
      continue;
    }
    const sortedOld = [...olds].sort(readingOrder(oldSide.data));
    const sortedNew = [...news].sort(readingOrder(newSide.data));
    sortedOld.forEach((from, i) => {
      const to = sortedNew[i]!;
      matches.push({ from, to, basis: 'caption' });
      oldSide.free.delete(from);
      newSide.free.delete(to);
    });
  }
}

/**
 * Matches the fields of a template's new revision to its current one: same full name first, then
 * same type and overlapping box on the same page, then the same printed caption; one-to-one. A
 * same name with another type is a match (listed as type_changed) whose mapping must not carry.
 */
export function matchRevisionFields(oldData: FieldDataDto, newData: FieldDataDto): RevisionMatch {
  const oldSide: Side = { data: oldData, free: new Set(Object.keys(oldData)) };
  const newSide: Side = { data: newData, free: new Set(Object.keys(newData)) };
  const matches: FieldMatch[] = [];
  const renumbered = nameSurvival(oldData, newData) < NAME_SURVIVAL_FOR_MOVES;
  matchByName(oldSide, newSide, renumbered, matches);
  matchByRect(oldSide, newSide, renumbered, matches);
  matchByCaption(oldSide, newSide, matches);
  const diff: RevisionDiff = {
    kept: [],
    renamed: [],
    moved: [],
    added: [],
    removed: [],
    type_changed: [],
  };
  for (const m of matches) {
    const a = oldData[m.from]!;
    const b = newData[m.to]!;
    if (m.from !== m.to) {
      diff.renamed.push({ from: m.from, to: m.to });
    } else if (a.type !== b.type) {
      diff.type_changed.push(m.to);
    } else if (hasMoved(a, b)) {
      diff.moved.push(m.to);
    } else {
      diff.kept.push(m.to);
    }
  }
  diff.added = [...newSide.free];
  diff.removed = [...oldSide.free];
  for (const list of [diff.kept, diff.moved, diff.added, diff.removed, diff.type_changed]) {
    list.sort();
  }
  diff.renamed.sort((x, y) => x.from.localeCompare(y.from));
  return { matches, diff };
}
