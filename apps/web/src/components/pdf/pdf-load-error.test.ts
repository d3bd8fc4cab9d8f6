import { describe, expect, it, vi } from 'vitest';
import { describePdfLoadError, refineNetworkFailure } from './pdf-load-error';

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

describe('refineNetworkFailure', () => {
  const NETWORK = 'Network error loading PDF. Please check your connection.';
  const reachable = async () => true;
  const unreachable = async () => {
    throw new TypeError('Failed to fetch');
  };

  it("names CORS when a file on another origin failed while the app's server answers", async () => {
    await expect(
      refineNetworkFailure(NETWORK, 'https://files.example.org/a.pdf', reachable),
    ).resolves.toBe('CORS error loading PDF. Please check server configuration.');
  });

  it("keeps the network message when the app's own server does not answer either", async () => {
    await expect(
      refineNetworkFailure(NETWORK, 'https://files.example.org/a.pdf', unreachable),
    ).resolves.toBe(NETWORK);
  });

  it('never probes a same-origin file or another message', async () => {
    const probe = vi.fn(reachable);
    await expect(refineNetworkFailure(NETWORK, '/uploads/a.pdf', probe)).resolves.toBe(NETWORK);
    await expect(
      refineNetworkFailure('PDF loading error: x', 'https://files.example.org/a.pdf', probe),
    ).resolves.toBe('PDF loading error: x');
    expect(probe).not.toHaveBeenCalled();
  });
});
