import { describe, expect, it } from 'vitest';
import { decodeBody, detectEncoding } from './charset.ts';
import { isAcceptedType, parseContentType } from './content-type.ts';

const ascii = (text: string) => Buffer.from(text, 'latin1');
const concat = (...parts: Uint8Array[]) => Buffer.concat(parts);

// "日本語 価格" in Shift_JIS, and "café €5" in windows-1252.
const SHIFT_JIS_BYTES = Uint8Array.from([
  0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x20, 0x89, 0xbf, 0x8a, 0x69,
]);
const WINDOWS_1252_BYTES = Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35]);

describe('parseContentType', () => {
  it.each([
    ['text/html', { mimeType: 'text/html', charset: null }],
    ['Text/HTML; Charset=Shift_JIS', { mimeType: 'text/html', charset: 'Shift_JIS' }],
    ['text/html;charset="windows-1252"', { mimeType: 'text/html', charset: 'windows-1252' }],
    [
      ' application/rss+xml ; q=1 ; charset=utf-8',
      { mimeType: 'application/rss+xml', charset: 'utf-8' },
    ],
    ['text/csv; charset=', { mimeType: 'text/csv', charset: null }],
  ])('%j', (header, expected) => {
    expect(parseContentType(header)).toEqual(expected);
  });

  it.each([null, undefined, '', 'html', 'text/', '/html', 'text/html garbage'])(
    '%j is not a content type',
    (header) => {
      expect(parseContentType(header)).toBeNull();
    },
  );
});

describe('isAcceptedType', () => {
  it('accepts pages for html and feed formats for feed, nothing else', () => {
    for (const type of ['text/html', 'application/xhtml+xml']) {
      expect(isAcceptedType(type, 'html')).toBe(true);
      expect(isAcceptedType(type, 'feed')).toBe(false);
    }
    for (const type of [
      'application/xml',
      'text/xml',
      'application/rss+xml',
      'application/atom+xml',
      'text/csv',
      'text/tab-separated-values',
      'text/plain',
    ]) {
      expect(isAcceptedType(type, 'feed')).toBe(true);
      expect(isAcceptedType(type, 'html')).toBe(false);
    }
    for (const type of ['application/json', 'image/png', 'application/octet-stream']) {
      expect(isAcceptedType(type, 'html')).toBe(false);
      expect(isAcceptedType(type, 'feed')).toBe(false);
    }
  });
});

describe('detectEncoding and decodeBody', () => {
  it('uses the Content-Type charset', () => {
    expect(decodeBody(WINDOWS_1252_BYTES, 'windows-1252', 'text/html')).toEqual({
      text: 'café €5',
      encoding: 'windows-1252',
    });
    // WHATWG maps iso-8859-1 to windows-1252, as browsers do.
    expect(decodeBody(WINDOWS_1252_BYTES, 'ISO-8859-1', 'text/html').text).toBe('café €5');
    // The whole 0x80-0x9F block, which Node 20's own decoder gets wrong.
    expect(
      decodeBody(Uint8Array.from([0x93, 0x99, 0x94, 0x85, 0x9f]), 'cp1252', 'text/html').text,
    ).toBe('\u201c\u2122\u201d\u2026\u0178');
    expect(decodeBody(SHIFT_JIS_BYTES, 'Shift_JIS', 'text/html')).toEqual({
      text: '日本語 価格',
      encoding: 'shift_jis',
    });
  });

  it('reads <meta charset> and <meta http-equiv> when the header has none', () => {
    const metaCharset = concat(
      ascii('<!doctype html><meta charset="shift_jis"><p>'),
      SHIFT_JIS_BYTES,
    );
    expect(decodeBody(metaCharset, null, 'text/html').text).toContain('日本語 価格');

    const httpEquiv = concat(
      ascii(
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252">',
      ),
      WINDOWS_1252_BYTES,
    );
    expect(decodeBody(httpEquiv, null, 'text/html').text).toContain('café €5');

    const unquoted = concat(ascii('<META CHARSET=sjis>'), SHIFT_JIS_BYTES);
    expect(detectEncoding(unquoted, null, 'text/html')).toBe('shift_jis');
  });

  it('prefers the header to the markup, and a byte-order mark to both', () => {
    const page = concat(ascii('<meta charset="utf-8">'), WINDOWS_1252_BYTES);
    expect(detectEncoding(page, 'windows-1252', 'text/html')).toBe('windows-1252');

    const withBom = concat(Uint8Array.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>café</p>'));
    expect(decodeBody(withBom, 'windows-1252', 'text/html')).toEqual({
      text: '<p>café</p>',
      encoding: 'utf-8',
    });
    const utf16 = concat(Uint8Array.from([0xff, 0xfe]), Buffer.from('hé', 'utf16le'));
    expect(decodeBody(utf16, null, 'text/html').text).toBe('hé');
  });

  it('ignores a charset inside a comment, and a meta that claims UTF-16', () => {
    const commented = concat(ascii('<!-- <meta charset="shift_jis"> -->'), Buffer.from('é'));
    expect(detectEncoding(commented, null, 'text/html')).toBe('utf-8');
    expect(detectEncoding(ascii('<meta charset="utf-16">'), null, 'text/html')).toBe('utf-8');
  });

  it('reads the XML declaration of a feed', () => {
    const feed = concat(
      ascii('<?xml version="1.0" encoding="ISO-8859-1"?><rss><title>'),
      WINDOWS_1252_BYTES,
    );
    expect(decodeBody(feed, null, 'application/rss+xml').text).toContain('café €5');
    // A meta tag means nothing in a feed.
    expect(detectEncoding(ascii('<meta charset="shift_jis">'), null, 'text/csv')).toBe('utf-8');
  });

  it('falls back to UTF-8 for unknown or missing labels, replacing bad bytes', () => {
    expect(detectEncoding(ascii('<p>'), 'no-such-charset', 'text/html')).toBe('utf-8');
    expect(detectEncoding(ascii('<meta charset="klingon">'), null, 'text/html')).toBe('utf-8');
    expect(decodeBody(Buffer.from('prix: 12 €'), null, 'text/html').text).toBe('prix: 12 €');
    expect(decodeBody(Uint8Array.from([0x61, 0xff, 0x62]), null, 'text/plain').text).toBe(
      'a\ufffdb',
    );
  });
});
