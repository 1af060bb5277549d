import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readProductRequest } from '@/lib/product-request-store';

const REQUEST = {
  requestId: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  url: 'https://www.walmart.com/ip/some-washer/447471136',
  path: '/new-search/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/walmart-com-447471136',
};

/** The module afresh: the page data is read from the document once per page load. */
async function freshAdopt() {
  vi.resetModules();
  return (await import('./adopt-server-request')).adoptServerProductRequest;
}

function sendWithPage(data: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'ipick-page-data';
  element.textContent = JSON.stringify(data);
  document.body.append(element);
}

describe('the product request the server opened for a link in the address', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', `/${REQUEST.url}`);
    window.sessionStorage.clear();
  });
  afterEach(() => {
    document.getElementById('ipick-page-data')?.remove();
  });

  it('is stored as this tab’s request and its results page becomes the address', async () => {
    sendWithPage({ 'product-request': REQUEST });
    expect((await freshAdopt())()).toBe('adopted');
    expect(readProductRequest(REQUEST.requestId)?.url).toBe(REQUEST.url);
    expect(window.location.pathname).toBe(REQUEST.path);
  });

  it('is refused when the link had a #fragment the server never saw', async () => {
    window.history.replaceState(null, '', `/${REQUEST.url}#reviews`);
    sendWithPage({ 'product-request': REQUEST });
    expect((await freshAdopt())()).toBe('refused');
    expect(readProductRequest(REQUEST.requestId)).toBeNull();
    expect(window.location.pathname).toBe(`/${REQUEST.url}`);
  });

  it('leaves the page alone when the server opened none', async () => {
    sendWithPage({ 'catalog/categories': { categories: [] } });
    expect((await freshAdopt())()).toBe('none');
    expect(window.location.pathname).toBe(`/${REQUEST.url}`);
  });
});
