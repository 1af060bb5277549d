import { act, render, screen } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productRequestKey, readProductRequest } from '@/lib/product-request-store';
import { DirectUrlGate } from './direct-url-gate';
import { ProcessingUrlScreen } from './processing-url-screen';

function renderGateAt(address: string) {
  window.history.replaceState(null, '', address);
  const historyLength = window.history.length;
  const router = createBrowserRouter([
    {
      path: '/',
      element: (
        <DirectUrlGate>
          <p>app content</p>
        </DirectUrlGate>
      ),
      children: [{ path: '*', element: null }],
    },
  ]);
  const { unmount } = render(<RouterProvider router={router} />);
  return { router, historyLength, unmount };
}

describe('DirectUrlGate', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('turns a product link in the path into a request and replaces the address', async () => {
    const { router, historyLength } = renderGateAt(
      '/https://www.walmart.com/ip/Some-Thing/123?x=1',
    );
    await act(async () => undefined);

    const match = /^\/new-search\/([0-9a-f-]{36})\/([a-z0-9-]+)$/.exec(window.location.pathname);
    expect(match).not.toBeNull();
    expect(match![2]).toBe('walmart-com-123');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(window.history.length).toBe(historyLength);
    expect(readProductRequest(match![1]!)).toEqual({
      url: 'https://www.walmart.com/ip/Some-Thing/123?x=1',
      timestamp: expect.any(Number) as number,
    });
    // One link opens exactly one request, even though StrictMode-style re-renders happen.
    const stored = Object.keys(window.sessionStorage).filter((key) =>
      key.startsWith(productRequestKey('')),
    );
    expect(stored).toHaveLength(1);
    expect(screen.getByText('app content')).toBeTruthy();
  });

  it('keeps dots and the query of the product link', async () => {
    renderGateAt('/https://shop.example.com/items/lamp.html?color=blue&size=l');
    await act(async () => undefined);
    const key = Object.keys(window.sessionStorage).find((k) => k.startsWith(productRequestKey('')));
    expect(JSON.parse(window.sessionStorage.getItem(key!) ?? '{}')).toMatchObject({
      url: 'https://shop.example.com/items/lamp.html?color=blue&size=l',
    });
    expect(window.location.pathname).toMatch(/\/shop-example-com-lamp-html$/);
  });

  it('reads a path starting with a bare shop domain (the /{host} route) as an https link', async () => {
    const { router } = renderGateAt(
      '/www.apple.com/shop/product/MWDJ0LL/A/airpods-max-lightning-starlight?fnode=1',
    );
    await act(async () => undefined);
    const match = /^\/new-search\/([0-9a-f-]{36})\/([a-z0-9-]+)$/.exec(window.location.pathname);
    expect(match).not.toBeNull();
    expect(match![2]).toBe('apple-com-airpods-max-lightning-starlight');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(readProductRequest(match![1]!)).toEqual({
      url: 'https://www.apple.com/shop/product/MWDJ0LL/A/airpods-max-lightning-starlight?fnode=1',
      timestamp: expect.any(Number) as number,
    });
  });

  it('leaves root files and app pages to the app', async () => {
    for (const path of ['/favicon.ico', '/browse/gaming', '/robots.txt']) {
      const { unmount } = renderGateAt(path);
      await act(async () => undefined);
      expect(window.location.pathname).toBe(path);
      expect(screen.getByText('app content')).toBeTruthy();
      unmount();
    }
    expect(window.sessionStorage.length).toBe(0);
  });

  it('says when a link was refused only for being too long', async () => {
    renderGateAt(`/https://www.example.com/p/${'a'.repeat(2100)}`);
    await act(async () => undefined);
    expect(window.location.pathname + window.location.search).toBe(
      '/?error=invalid-url&reason=too-long',
    );
    expect(window.sessionStorage.length).toBe(0);
  });

  it('sends an invalid product link to /?error=invalid-url, with the link to correct it', async () => {
    renderGateAt('/https://not-a-host/thing');
    await act(async () => undefined);
    expect(window.location.pathname + window.location.search).toBe(
      `/?error=invalid-url&url=${encodeURIComponent('https://not-a-host/thing')}`,
    );
    expect(window.sessionStorage.length).toBe(0);
  });

  it('sends a malformed link to /?error=invalid-url too', async () => {
    // React Router warns that it cannot decode the path; the detector still handles it.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderGateAt('/https://%%%garbage%%%');
    await act(async () => undefined);
    expect(window.location.pathname + window.location.search).toMatch(
      /^\/\?error=invalid-url&url=/,
    );
  });

  it('the processing screen is a status message', () => {
    render(<ProcessingUrlScreen />);
    expect(screen.getByRole('status').textContent).toBe('Processing URL...');
  });

  it('leaves ordinary paths alone', async () => {
    renderGateAt('/some/unknown/page');
    await act(async () => undefined);
    expect(window.location.pathname).toBe('/some/unknown/page');
    expect(screen.getByText('app content')).toBeTruthy();
  });
});
