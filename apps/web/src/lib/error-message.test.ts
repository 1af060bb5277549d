import { describe, expect, it } from 'vitest';
import { ApiError, HTTP_ERROR_CODE, INVALID_RESPONSE_CODE, NetworkError } from './api-client';
import { toErrorMessage } from './error-message';

describe('toErrorMessage', () => {
  it("shows the server's message", () => {
    const error = new ApiError(401, 'invalid_credentials', 'Wrong email or password');
    expect(toErrorMessage(error, 'Login failed')).toBe('Wrong email or password');
  });

  it('leaves out the field name an API message starts with, and starts a sentence with a capital', () => {
    const duplicate = new ApiError(
      409,
      'conflict',
      'domain: shop.example.com is already on your list',
    );
    expect(toErrorMessage(duplicate, 'Failed')).toBe('shop.example.com is already on your list');
    const nested = new ApiError(400, 'invalid_request', 'body.url: ipick only opens http:// links');
    expect(toErrorMessage(nested, 'Failed')).toBe('ipick only opens http:// links');
    const plain = new ApiError(400, 'invalid_request', 'to: the period is too long');
    expect(toErrorMessage(plain, 'Failed')).toBe('The period is too long');
    const sentence = new ApiError(
      400,
      'invalid_request',
      'Origin https://a.example is not verified.',
    );
    expect(toErrorMessage(sentence, 'Failed')).toBe('Origin https://a.example is not verified.');
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
