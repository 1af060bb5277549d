import { productUrlFromLocation } from '@ipick/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
