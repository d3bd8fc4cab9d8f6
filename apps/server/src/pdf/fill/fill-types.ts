/** One value to put into a field; dates arrive already formatted (`YYYY-MM-DD`). */
export type FillValue = string | number | boolean | null;

export interface FillOptions {
  /** Produce a non-editable PDF: appearances drawn into the page content, form removed. */
  flatten?: boolean;
  /** Text shrunk below this size (pt) to fit its box is reported; default 6 pt. */
  legibilityFloor?: number;
  /** Read-only fields: `fill` writes and reports (default), `skip` leaves them and reports. */
  readOnly?: 'fill' | 'skip';
  /**
   * An empty value (null or ''): `clear` empties the field (default), `keep` leaves a value the
   * template already holds and reports it (what generation asks for).
   */
  emptyValues?: 'clear' | 'keep';
  /** Continue text values too long for their box on appended addendum pages. */
  addendum?: AddendumOptions;
  /**
   * Internal (tests and benchmarks): `full` rewrites the whole document even where the fill
   * could be appended to the template as an incremental update (the default, see fillForm).
   */
  writer?: 'incremental' | 'full';
}

export interface AddendumOptions {
  /** What the box shows instead, `{n}` being the item number ("see addendum, item {n}"). */
  reference: string;
  /** Heading of the addendum pages; default "Addendum". */
  title?: string;
  /** Label per requested field name (the template's detected labels); else tooltip, else name. */
  labels?: Record<string, string>;
}

/** Default legibility floor: smaller text is hard to read on paper, so the report says so. */
export const DEFAULT_LEGIBILITY_FLOOR = 6;

/** What happened to one requested field. */
export interface FieldFillReport {
  /** Fully qualified field name as requested (pdftk FieldName). */
  field: string;
  /**
   * What the field now holds: the text (possibly cut at max length), the checkbox/radio state
   * name, the choice's export value; null when nothing was written.
   */
  value_written: string | null;
  /** Font family of the generated appearance (e.g. 'DejaVu Sans'), null when none was drawn. */
  font: string | null;
  /** Font size actually used (after shrink-to-fit), null when no text was drawn. */
  font_size: number | null;
  /** Every way the value was not written or shown in full; empty when all is well. */
  problems: string[];
  /** Informational lines that are not problems (a signature field skipped). */
  notes?: string[];
  /** The field was left as it was on purpose (signature, read-only policy, prefilled kept). */
  skipped?: boolean;
  /** The addendum item holding the full value (the box shows the reference). */
  addendum_item?: number;
}

export interface FillReport {
  /** One entry per requested field, in request order. */
  fields: FieldFillReport[];
  /** Document-level problems (e.g. values the document could not take at all). */
  problems: string[];
  /** Informational: what the engine changed beyond the values (decryption, XFA, repairs). */
  notes: string[];
}

export interface FillResult {
  bytes: Uint8Array;
  report: FillReport;
}

/** Smallest font size the engine shrinks text to before reporting that it did not fit. */
export const MIN_FONT_SIZE = 4;

/** Size used for auto-sized (DA size 0) text when the box would allow more. */
export const MAX_AUTO_FONT_SIZE = 12;
