import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import { describeError, isNotFoundError } from './describe-error';

const PROXY_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

describe('describeError', () => {
  it("shows the server's detail string as is", () => {
    const error = new ApiError(400, { detail: 'Template name is required' }, 'x');
    expect(describeError(error, 'Failed')).toBe('Template name is required');
  });

  it('turns a validation list into sentences without internal paths', () => {
    const error = new ApiError(
      422,
      {
        detail: [
          { loc: ['query', 'email_recipients', 0], msg: "'bob' is not valid", type: 'e' },
          { loc: ['body', 'fields', 1, 'name'], msg: 'Too long', type: 'too_big' },
        ],
      },
      'x',
    );
    const text = describeError(error, 'Failed');
    expect(text).toBe("Email recipient 1: 'bob' is not valid; Field 2 name: Too long");
    expect(text).not.toMatch(/email_recipients|\.0|\.1/);
  });

  it('can leave locations out for a dialog whose inputs name themselves', () => {
    const error = new ApiError(
      422,
      {
        detail: [
          {
            loc: ['body', 'expires_at'],
            msg: 'The expiration date must be in the future.',
            type: 'x',
          },
        ],
      },
      'x',
    );
    expect(describeError(error, 'Failed', { withoutLocations: true })).toBe(
      'The expiration date must be in the future.',
    );
  });

  it("never shows a proxy's HTML page: the screen's fallback instead", () => {
    expect(describeError(new ApiError(502, PROXY_PAGE, 'x'), 'Failed to load templates')).toBe(
      'Failed to load templates',
    );
    expect(
      describeError(new ApiError(502, PROXY_PAGE, 'x'), 'Upload failed', { allowPlainText: true }),
    ).toBe('Upload failed');
  });

  it('shows short plain text only where the spec allows it', () => {
    const error = new ApiError(413, 'Payload Too Large', 'x');
    expect(describeError(error, 'Failed to create table')).toBe('Failed to create table');
    expect(describeError(error, 'Failed', { allowPlainText: true })).toBe('Payload Too Large');
    const trace = new ApiError(500, `Error: boom\n    at x (y.js:1:2)`, 'x');
    expect(describeError(trace, 'Failed', { allowPlainText: true })).toBe('Failed');
  });

  it('says the server could not be reached, not that the input was wrong', () => {
    const error = new ApiError(0, null, NETWORK_ERROR_MESSAGE);
    expect(describeError(error, 'Login failed. Please check your credentials.')).toBe(
      'Could not reach the server. Please check your connection.',
    );
  });

  it("uses the app's own Error messages only when asked", () => {
    const error = new Error('Login failed: Invalid response from server');
    expect(describeError(error, 'Fallback')).toBe('Fallback');
    expect(describeError(error, 'Fallback', { allowErrorMessage: true })).toBe(error.message);
  });

  it('tells a missing thing from a failed load', () => {
    expect(isNotFoundError(new ApiError(404, { detail: 'Template not found' }, 'x'))).toBe(true);
    expect(isNotFoundError(new ApiError(500, { detail: 'Internal Server Error' }, 'x'))).toBe(
      false,
    );
    expect(isNotFoundError(new ApiError(0, null, NETWORK_ERROR_MESSAGE))).toBe(false);
  });
});
