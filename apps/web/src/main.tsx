import { productUrlFromLocation } from '@ipick/core';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { captureUtm } from './lib/utm';
import './index.css';

const { pathname, search, hash } = window.location;
// Spec §4: UTM values are captured once, at start. When the path holds a product link, the
// query string is that link's own and says nothing about how the visitor arrived.
if (productUrlFromLocation(pathname, search, hash) === null) captureUtm(search);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>
);

// The build prerendered the landing page into index.html (scripts/prerender-web.ts): on `/` React
// takes over that markup instead of drawing it again. Anywhere else the markup is the shell
// (header and skeleton, or the landing page sent for `/?error=...`, whose notice changes what
// it shows), painted while this script downloaded; createRoot replaces it with the page.
if (container.dataset.prerendered === 'landing' && pathname === '/' && !/[?&]error=/.test(search)) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
