import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render-app';
import { RouteErrorScreen } from './error-screen';
import { withSkeleton } from './lazy-page';

const chunkError = new TypeError(
  'Failed to fetch dynamically imported module: http://localhost:3000/assets/history-abc123.js',
);

describe('lazily loaded pages', () => {
  it('show the skeleton while the page code loads', async () => {
    let resolvePage: (module: { default: () => React.JSX.Element }) => void = () => undefined;
    const SlowPage = lazy(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((resolve) => {
          resolvePage = resolve;
        }),
    );
    renderAt('/', [{ path: '/', element: withSkeleton(<SlowPage />) }]);

    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toContain('Loading…');

    resolvePage({ default: () => <h1>Loaded</h1> });
    await screen.findByRole('heading', { name: 'Loaded' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a chunk that fails to load ends on the error screen, with its message in the details', async () => {
    // React and React Router report the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const BrokenPage = lazy(() => Promise.reject(chunkError));
    renderAt('/', [
      { path: '/', element: withSkeleton(<BrokenPage />), errorElement: <RouteErrorScreen /> },
    ]);

    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show error details' }));
    expect(screen.getByText(chunkError.message)).toBeTruthy();
  });
});
