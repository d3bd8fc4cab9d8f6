import { formatErrorDetail } from '@formbridge/contract/errors';
import { ApiError } from './api-client';

// A plain-text body longer than this is a stack trace or a page, not a message for a person.
const MAX_PLAIN_TEXT_LENGTH = 200;

type Options = {
  /** Show a short plain-text body as is (spec §8 Templates: upload failures). */
  allowPlainText?: boolean;
  /** Show the message of an Error that is not an API error (the app's own thrown messages). */
  allowErrorMessage?: boolean;
  /** Validation messages without 'Where:' — for a form whose every input shows its own name. */
  withoutLocations?: boolean;
};

function looksLikeHtml(text: string): boolean {
  return /^\s*</.test(text) || /<\/?(html|body|head|title|h1|center)\b/i.test(text);
}

/** A short, single-line, non-HTML text: something a server meant a person to read. */
function readablePlainText(body: unknown): string | null {
  if (typeof body !== 'string') {
    return null;
  }
  const text = body.trim();
  if (text === '' || text.length > MAX_PLAIN_TEXT_LENGTH || text.includes('\n')) {
    return null;
  }
  return looksLikeHtml(text) ? null : text;
}

/**
 * The one way every screen turns a failure into words: the server's detail (a string as is, a
 * validation list as readable 'Where: what' sentences), a network or timeout message when the
 * server was never reached, and the spec's fallback for anything else — an HTML proxy page, an
 * empty or unreadable body, a 500. Plain text is shown only where the spec allows it.
 */
export function describeError(error: unknown, fallback: string, options: Options = {}): string {
  if (error instanceof ApiError) {
    if (error.status === 0) {
      return error.message;
    }
    const detail = formatErrorDetail(error.body, { withLocations: !options.withoutLocations });
    if (detail) {
      return detail;
    }
    if (options.allowPlainText) {
      return readablePlainText(error.body) ?? fallback;
    }
    return fallback;
  }
  if (options.allowErrorMessage && error instanceof Error && error.message.trim() !== '') {
    return error.message;
  }
  return fallback;
}

/** The server answered 404 (or 410): the thing is gone, as opposed to a failed load. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 410);
}

/** The request never got an answer (offline, DNS, refused, timed out). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}
