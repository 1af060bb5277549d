import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { apiError, buildUser, json, stubApi } from '@/test/fake-api';
import { useAuth } from './use-auth';

function renderAuth() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useAuth(), { wrapper });
}

describe('useAuth', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is loading until /api/auth/me answers, then holds the user', async () => {
    const shopper = buildUser();
    stubApi({ user: shopper });
    const { result } = renderAuth();
    expect(result.current.isLoading).toBe(true);
    expect(result.current.user).toBeNull();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toEqual(shopper);
  });

  it('leaves the user signed out when the check fails with a server error', async () => {
    stubApi({ routes: { 'GET /api/auth/me': () => new Response('', { status: 503 }) } });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
  });

  it('leaves the user signed out when the check never gets an answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      routes: { 'GET /api/auth/me': () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    const { result } = renderAuth();
    // The client retries a GET four times, waiting 1 + 2 + 4 + 8 s (spec §9).
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
  });

  it('login success sets the user; failures return the message to show', async () => {
    const shopper = buildUser();
    let attempt = 0;
    stubApi({
      routes: {
        'POST /api/auth/login': () => {
          attempt += 1;
          if (attempt === 1)
            return apiError(401, 'invalid_credentials', 'Wrong email or password.');
          if (attempt === 2) return Promise.reject(new TypeError('Failed to fetch'));
          if (attempt === 3) return new Response('', { status: 500 });
          return json({ success: true, user: shopper });
        },
      },
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    const credentials = { email: shopper.email!, password: 'pw' };

    await expect(result.current.login(credentials)).resolves.toEqual({
      success: false,
      error: 'Wrong email or password.',
    });
    await expect(result.current.login(credentials)).resolves.toEqual({
      success: false,
      error: 'Network error occurred',
    });
    await expect(result.current.login(credentials)).resolves.toEqual({
      success: false,
      error: 'Login failed',
    });
    await expect(result.current.login(credentials)).resolves.toEqual({
      success: true,
      user: shopper,
    });
    await waitFor(() => expect(result.current.user).toEqual(shopper));
  });

  it("register failure without a server message says 'Registration failed'", async () => {
    stubApi({
      routes: { 'POST /api/auth/register': () => new Response('oops', { status: 500 }) },
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await expect(
      result.current.register({ email: 'a@example.com', password: 'long enough' }),
    ).resolves.toEqual({ success: false, error: 'Registration failed' });
    expect(result.current.user).toBeNull();
  });

  it('logout clears the user even when the call fails', async () => {
    stubApi({
      user: buildUser(),
      routes: { 'POST /api/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.user).not.toBeNull());
    await act(() => result.current.logout());
    await waitFor(() => expect(result.current.user).toBeNull());
  });
});
