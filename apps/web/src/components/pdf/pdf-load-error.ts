/**
 * The spec's PDF load messages (§2 visual mapping), from what pdf.js reports: an HTTP status when
 * the server answered, a network failure otherwise.
 */
export function describePdfLoadError(error: unknown): string {
  if (!(error instanceof Error)) {
    return 'Failed to load PDF preview.';
  }
  const status = (error as { status?: unknown }).status;
  const message = error.message;
  if (status === 404 || /\b404\b/.test(message)) {
    return 'PDF file not found. The template may have been deleted or moved.';
  }
  if (status === 403 || status === 401 || /\b40[13]\b/.test(message)) {
    return 'Access denied to PDF file. Please check permissions.';
  }
  if (/cors|cross-origin/i.test(message)) {
    return 'CORS error loading PDF. Please check server configuration.';
  }
  if (/network|failed to fetch|load failed/i.test(message)) {
    return 'Network error loading PDF. Please check your connection.';
  }
  return message ? `PDF loading error: ${message}` : 'Failed to load PDF preview.';
}

const NETWORK_MESSAGE = 'Network error loading PDF. Please check your connection.';
const CORS_MESSAGE = 'CORS error loading PDF. Please check server configuration.';

/**
 * Browsers report a cross-origin refusal exactly like a network failure ("Failed to fetch"), and
 * a no-cors retry is refused as well by the file host's Cross-Origin-Resource-Policy. So a file on
 * another origin that failed while this app's own server still answers is named the cross-origin
 * failure (spec §2); when the app's server does not answer either, the connection is the problem.
 * Same-origin files and other messages are returned unchanged.
 */
export async function refineNetworkFailure(
  message: string,
  fileUrl: string,
  probeOwnServer: () => Promise<boolean> = async () =>
    (await fetch('/api/health', { cache: 'no-store' })).ok,
): Promise<string> {
  if (message !== NETWORK_MESSAGE) {
    return message;
  }
  let url: URL;
  try {
    url = new URL(fileUrl, window.location.href);
  } catch {
    return message;
  }
  if (url.origin === window.location.origin) {
    return message;
  }
  try {
    return (await probeOwnServer()) ? CORS_MESSAGE : message;
  } catch {
    return message;
  }
}
