import { z } from 'zod';

// Embedding a public document form or a data link in another site (issue 33): an iframe and a
// small sizing script, the parent origins allowed to frame it (CSP `frame-ancestors`; none by
// default), prefill through `?prefill.<field>=…`, and a message to the parent on submit.

/** The most parent origins one link may allow. */
export const MAX_EMBED_ORIGINS = 20;

/** The message an embedded form posts to its parent page once the visitor has submitted. */
export const EMBED_SUBMITTED = 'formbridge:submitted';
/** The message an embedded form posts whenever its height changes (embed.js sizes the iframe). */
export const EMBED_RESIZE = 'formbridge:resize';
/** The query prefix that prefills a field: `?prefill.first_name=Ada`. */
export const PREFILL_PREFIX = 'prefill.';

export const EMBED_MESSAGES = {
  badOrigin:
    'Enter an origin such as https://www.example.org: a scheme, a host and an optional port, with no path',
  tooMany: `At most ${MAX_EMBED_ORIGINS} sites may embed one form`,
} as const;

const ORIGIN =
  /^(https?):\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i;
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * The origin an entry names, normalised (lower case, default port dropped), or null when it is
 * not a bare http(s) origin. A trailing slash is forgiven; a path, query or credentials are not.
 * (International host names are entered in their ASCII form, as browsers send them.)
 */
export function normalizeOrigin(entry: string): string | null {
  const match = ORIGIN.exec(entry.trim());
  if (!match) {
    return null;
  }
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase();
  const port = match[3];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) {
    return null;
  }
  const shownPort = port === undefined || port === DEFAULT_PORTS[scheme] ? '' : `:${Number(port)}`;
  return `${scheme}://${host}${shownPort}`;
}

export const embedOriginsBodySchema = z.object({
  allowed_origins: z
    .array(z.string().max(300))
    .max(MAX_EMBED_ORIGINS, EMBED_MESSAGES.tooMany)
    .transform((entries, context) => {
      const origins: string[] = [];
      entries.forEach((entry, index) => {
        const origin = normalizeOrigin(entry);
        if (origin === null) {
          context.addIssue({ code: 'custom', message: EMBED_MESSAGES.badOrigin, path: [index] });
        } else if (!origins.includes(origin)) {
          origins.push(origin);
        }
      });
      return origins;
    }),
});
export type EmbedOriginsBody = z.input<typeof embedOriginsBodySchema>;

export const embedSettingsSchema = z.object({
  /** Paste into the page: the iframe, then the script that sizes it. */
  iframe_html: z.string(),
  script_url: z.string(),
  /** The embedded page's own address (append `?prefill.<field>=…` to prefill). */
  embed_url: z.string(),
  allowed_origins: z.array(z.string()),
});
export type EmbedSettings = z.infer<typeof embedSettingsSchema>;

/** The stored origins (JSON text; null or unreadable = none). */
export function readEmbedOrigins(stored: string | null | undefined): string[] {
  if (!stored) {
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}

/** `frame-ancestors` for an embedded page: itself, and the origins its link allows. */
export function frameAncestors(origins: readonly string[]): string {
  return ["'self'", ...origins].join(' ');
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The snippet a site owner pastes: a full-width, borderless iframe and the sizing script. */
export function embedSnippet(embedUrl: string, scriptUrl: string, title: string): string {
  return (
    `<iframe src="${escapeAttribute(embedUrl)}" title="${escapeAttribute(title)}" ` +
    `data-formbridge-embed style="width:100%;min-height:480px;border:0" loading="lazy"></iframe>\n` +
    `<script src="${escapeAttribute(scriptUrl)}" async></script>`
  );
}

/**
 * The prefill values in a page's query (`prefill.<field>=value`): the last value of a repeated
 * key wins; keys without a field name are ignored.
 */
export function readPrefill(search: Iterable<[string, string]>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of search) {
    if (key.startsWith(PREFILL_PREFIX) && key.length > PREFILL_PREFIX.length) {
      values[key.slice(PREFILL_PREFIX.length)] = value;
    }
  }
  return values;
}

type PrefillField = {
  type: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  current_value: unknown;
};

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

/**
 * A prefill value as the field's input would hold it, or undefined when it cannot be one (an
 * unknown option, a number that is not one, a file): such values are dropped, never shown half
 * right. A field that already holds a value keeps it — prefill never replaces a stored value.
 */
export function prefillValue(field: PrefillField, raw: string): unknown {
  const stored = field.current_value;
  if (stored !== null && stored !== undefined && stored !== '' && stored !== false) {
    return undefined;
  }
  const text = raw.trim().slice(0, 10_000);
  switch (field.type) {
    case 'file':
      return undefined;
    case 'checkbox': {
      const word = text.toLowerCase();
      return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : undefined;
    }
    case 'select':
    case 'radio': {
      const options = field.options ?? [];
      if (options.length === 0) {
        return text;
      }
      const lower = text.toLowerCase();
      return (
        options.find((option) => option.value === text)?.value ??
        options.find((option) => option.label.toLowerCase() === lower)?.value
      );
    }
    case 'number':
      return text !== '' && Number.isFinite(Number(text)) ? text : undefined;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : undefined;
    default:
      return text === '' ? undefined : text;
  }
}

/** The prefill values that apply to `fields`, by field id. */
export function applyPrefill(
  fields: ReadonlyArray<PrefillField & { id: string }>,
  prefill: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = prefill[field.id];
    if (raw === undefined) {
      continue;
    }
    const value = prefillValue(field, raw);
    if (value !== undefined) {
      values[field.id] = value;
    }
  }
  return values;
}
