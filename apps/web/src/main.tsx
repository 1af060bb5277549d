import { productUrlFromLocation } from '@ipick/core';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { adoptServerProductRequest } from './features/product-request/utils/adopt-server-request';
import { captureUtm } from './lib/utm';
import './index.css';

const { pathname, search, hash } = window.location;
// Spec §4: UTM values are captured once, at start. When the path holds a product link, the
// query string is that link's own and says nothing about how the visitor arrived.
if (productUrlFromLocation(pathname, search, hash) === null) captureUtm(search);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A product link in the address whose results the server rendered: the router starts on them.
const serverRequest = adoptServerProductRequest();

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>
);

// The build prerendered the landing page into index.html (scripts/prerender-web.ts): on `/` React
// takes over that markup instead of drawing it again, as it does with a page the server rendered
// for this address (data-prerendered="page": Browse, a product link's results). Anywhere else the
// markup is the shell (header and skeleton, or the landing page sent for `/?error=...`, whose
// notice changes what it shows), painted while this script downloaded; createRoot replaces it.
const { prerendered } = container.dataset;
if (
  (prerendered === 'landing' && pathname === '/' && !/[?&]error=/.test(search)) ||
  (prerendered === 'page' && serverRequest !== 'refused')
) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
