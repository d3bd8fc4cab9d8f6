// Business constants shared by server and web (spec §9, overridden by contract.md where they differ).

/** One upload limit everywhere: templates, record attachments, public data forms (contract.md). */
export const MAX_UPLOAD_BYTES = 10_485_760;
/** How the upload limit is written in hints and messages ('PDF files only, up to 10MB'). */
export const MAX_UPLOAD_LABEL = '10MB';

export const MIN_PASSWORD_LENGTH = 8;
export const API_TIMEOUT_MS = 30_000;
/** Dashboard 'Recent Templates' and 'Recent Tables' show this many items each. */
export const RECENT_LIST_SIZE = 5;

/** Record ids are shown as their first 8 characters plus an ellipsis. */
export const SHORT_ID_LENGTH = 8;
/** Link cells shorten an unloaded record id only when it is longer than this. */
export const LINK_ID_SHORTEN_THRESHOLD = 10;
/** Ids are UUIDs; a 36-character value that looks like one is never a useful record name. */
export const UUID_LENGTH = 36;

/** Each of the record-name and template-name parts of a download file name. */
export const FILE_NAME_PART_LIMIT = 100;

/** Used when a combination rule is created without a separator. */
export const DEFAULT_COMBINATION_SEPARATOR = ', ';
/** Used when a stored rule has no separator at all (older data, hand-written API calls). */
export const MISSING_COMBINATION_SEPARATOR = ' ';

/** Field and combination rule names (contract.md "Tables"). */
export const FIELD_NAME_MAX_LENGTH = 100;
export const FIELD_LABEL_MAX_LENGTH = 200;
export const TABLE_NAME_MAX_LENGTH = 200;
/**
 * Real forms have up to 925 fields (a tax return) and must map to one table; the bound keeps
 * the work one schema edit can cause finite (decisions.md, issue 13).
 */
export const MAX_TABLE_FIELDS = 1000;

/** Zoom of the visual mapping view, in percent. */
export const MAPPING_ZOOM = { min: 50, max: 300, step: 25, reset: 100 } as const;
/** Zoom of the completed-form detail and public form previews, in percent. */
export const FORM_VIEW_ZOOM = { min: 60, max: 200, step: 20, reset: 100 } as const;
/** Initial zoom by device class, in percent. */
export const DEFAULT_ZOOM = { mobile: 60, tablet: 80, desktop: 100 } as const;
/** Lower bounds in CSS pixels: under 640 is xs, under 768 sm, under 1024 md, under 1280 lg. */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;

/** Toasts close sooner outside the authentication screens (spec §9 gives both values). */
export const TOAST_AUTO_CLOSE_MS = { auth: 5000, app: 3000 } as const;
/** Gap between staggered downloads when several results have no zip URL. */
export const DOWNLOAD_STAGGER_MS = 100;
/** How long a row selected from the mapping side panel stays highlighted. */
export const SELECTED_ROW_HIGHLIGHT_MS = 2000;

/** JSON bodies of public submissions: a form's worth of text, far below the app's 1 MB. */
export const PUBLIC_BODY_LIMIT_BYTES = 256 * 1024;
