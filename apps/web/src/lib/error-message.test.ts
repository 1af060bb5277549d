import { describe, expect, it } from 'vitest';
import { ApiError, HTTP_ERROR_CODE, INVALID_RESPONSE_CODE, NetworkError } from './api-client';
import { toErrorMessage } from './error-message';

describe('toErrorMessage', () => {
  it("shows the server's message", () => {
    const error = new ApiError(401, 'invalid_credentials', 'Wrong email or password');
    expect(toErrorMessage(error, 'Login failed')).toBe('Wrong email or password');
  });

  it('says a network failure plainly (spec §8)', () => {
    expect(toErrorMessage(new NetworkError(), 'Login failed')).toBe('Network error occurred');
  });

  it('falls back when the server sent no message of its own', () => {
    expect(toErrorMessage(new ApiError(502, HTTP_ERROR_CODE, 'HTTP 502'), 'Login failed')).toBe(
      'Login failed',
    );
    expect(
      toErrorMessage(new ApiError(200, INVALID_RESPONSE_CODE, 'odd'), 'Registration failed'),
    ).toBe('Registration failed');
    expect(toErrorMessage(new TypeError('boom'), 'Login failed')).toBe('Login failed');
  });
});
