import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

async function freshModule() {
  vi.resetModules();
  return import('./page-data');
}

describe('page data sent inside the HTML', () => {
  beforeEach(() => {
    document.getElementById('ipick-page-data')?.remove();
  });
  afterEach(() => {
    document.getElementById('ipick-page-data')?.remove();
  });

  function sendWithPage(text: string) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'ipick-page-data';
    element.textContent = text;
    document.body.append(element);
  }

  it('hands an entry, escapes and all, to the first query that asks, then to none', async () => {
    // As the server escapes it: `<` as \u003c, so a name cannot end the element.
    sendWithPage('{"catalog/categories":{"categories":[{"name":"\\u003c/script\\u003e TVs"}]}}');
    const { takePageData } = await freshModule();
    expect(takePageData('catalog/categories')).toEqual({ categories: [{ name: '</script> TVs' }] });
    expect(takePageData('catalog/categories')).toBeUndefined();
  });

  it('gives nothing when the page came without data, or with unreadable data', async () => {
    expect((await freshModule()).takePageData('catalog/categories')).toBeUndefined();
    sendWithPage('{not json');
    expect((await freshModule()).takePageData('catalog/categories')).toBeUndefined();
  });
});
