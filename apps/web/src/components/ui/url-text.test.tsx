import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatShortUrl, UrlText } from './url-text';

describe('formatShortUrl', () => {
  it('keeps the host and path and drops the query string and fragment', () => {
    expect(
      formatShortUrl(
        'http://localhost:4323/products/demo-1?ref=ipick&utm_source=newsletter&utm_medium=price',
      ),
    ).toBe('localhost:4323/products/demo-1');
  });

  it('shows a bare host for the home page', () => {
    expect(formatShortUrl('https://corner-electronics.example/')).toBe(
      'corner-electronics.example',
    );
    expect(formatShortUrl('https://shop.example/#top')).toBe('shop.example');
  });

  it('leaves text that is not a web address alone', () => {
    expect(formatShortUrl('not a url')).toBe('not a url');
    expect(formatShortUrl('mailto:shop@example.com')).toBe('mailto:shop@example.com');
  });
});

describe('UrlText', () => {
  it('shows the short address and keeps the full one as its title', () => {
    const url = 'https://shop.example/lamp?utm_campaign=spring';
    render(<UrlText url={url} />);
    expect(screen.getByText('shop.example/lamp').getAttribute('title')).toBe(url);
  });
});
