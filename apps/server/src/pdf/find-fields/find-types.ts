// Shapes shared by the field finder's stages. Every coordinate is on the page as displayed
// (origin top-left, y down, /Rotate applied), the convention of contract.md.
import type { DisplayedRect } from '../detect/detect-types.ts';

export type { DisplayedRect };

/** A horizontal rule: from x0 to x1 at height y; `weight` is the stroke or bar thickness. */
export type HorizontalRule = { x0: number; x1: number; y: number; weight: number };

/** A vertical rule: from y0 (top) to y1 (bottom) at x. */
export type VerticalRule = { y0: number; y1: number; x: number; weight: number };

/** A painted axis-aligned rectangle; `fill` is the fill colour as `#rrggbb` when filled. */
export type PaintedBox = {
  rect: DisplayedRect;
  stroked: boolean;
  fill: string | null;
  /** A closed curve (a rectangle with rounded corners): it draws no rules, so no cell. */
  rounded?: boolean;
};

/** Everything drawn on one page that can mark where a field goes. */
export type PageGraphics = {
  horizontal: HorizontalRule[];
  vertical: VerticalRule[];
  boxes: PaintedBox[];
  /** Small closed curves (radio buttons) with their fill, if any. */
  circles: { rect: DisplayedRect; fill: string | null }[];
  /** Rectangles filled with a tiling pattern (hatching): struck out, "not applicable". */
  hatched: DisplayedRect[];
  /** Area (pt²) covered by images, to tell a scanned page from a drawn one. */
  imageArea: number;
};

/** A piece of printed text with its font's real name (for symbol fonts). */
export type TextRun = { text: string; rect: DisplayedRect; size: number; font: string };

/** What the finder proposes for one field, before the API's naming. */
export type CandidateKind =
  | 'rule'
  | 'leader'
  | 'cell'
  | 'shaded-box'
  | 'white-box'
  | 'box'
  | 'tick-cell'
  | 'glyph'
  | 'bracket'
  | 'circle'
  | 'comb'
  | 'blank';

export type CandidateType = 'text' | 'checkbox' | 'radio' | 'comb' | 'date' | 'signature';

/**
 * Why a rule turned a cue down. Only the wide reading (the learned scorer's) keeps such
 * candidates, at strength 0; the rules' own reading drops them.
 */
export type RejectReason =
  | 'underlined'
  | 'no-room'
  | 'toc'
  | 'data-row'
  | 'column-header'
  | 'blank'
  | 'white-on-white'
  | 'rounded'
  | 'frame-line';

/** A field found on the page content, `page` 0-based here (the API adds 1). */
export type RawCandidate = {
  page: number;
  rect: DisplayedRect;
  kind: CandidateKind;
  /** Base confidence of the cue before the caption is considered. */
  strength: number;
  multiline?: boolean;
  maxLen?: number;
  rejectedBy?: RejectReason;
};

export type FieldCandidate = {
  page: number;
  rect: DisplayedRect;
  type: CandidateType;
  name: string;
  label: string;
  confidence: number;
  kind: CandidateKind;
  multiline?: boolean;
  max_len?: number;
};

export type FoundFields = {
  candidates: FieldCandidate[];
  /** 0-based pages that are only an image (a scan): fields must be drawn by hand. */
  imageOnlyPages: number[];
  pages: { width: number; height: number }[];
};
