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
