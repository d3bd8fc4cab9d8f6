import { describe, expect, it } from 'vitest';
import { describePdfLoadError } from './pdf-load-error';

function withStatus(message: string, status?: number): Error {
  return Object.assign(new Error(message), status === undefined ? {} : { status });
}

describe('describePdfLoadError', () => {
  it.each([
    [
      withStatus('Unexpected server response (404) while retrieving PDF', 404),
      'PDF file not found. The template may have been deleted or moved.',
    ],
    [
      withStatus('Unexpected server response (403)', 403),
      'Access denied to PDF file. Please check permissions.',
    ],
    [
      withStatus('Unexpected server response (401)', 401),
      'Access denied to PDF file. Please check permissions.',
    ],
    [
      new Error('Blocked by CORS policy'),
      'CORS error loading PDF. Please check server configuration.',
    ],
    [new TypeError('Failed to fetch'), 'Network error loading PDF. Please check your connection.'],
    [new Error('Invalid PDF structure.'), 'PDF loading error: Invalid PDF structure.'],
    [new Error(''), 'Failed to load PDF preview.'],
    ['not an error', 'Failed to load PDF preview.'],
  ])('%s → %s', (error, message) => {
    expect(describePdfLoadError(error)).toBe(message);
  });
});
