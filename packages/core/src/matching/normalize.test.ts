import { describe, expect, it } from 'vitest';
import {
  detectBrand,
  extractAttributes,
  extractColours,
  extractModelNumbers,
  extractVariantMarkers,
  normalizeBrand,
  normalizeTitle,
  tokenize,
} from './normalize.ts';

describe('normalizeTitle', () => {
  it('lower-cases, folds accents and glues units to numbers', () => {
    expect(normalizeTitle('Café 1 TB  Drive 16 GB')).toBe('cafe 1tb drive 16gb');
    expect(normalizeTitle('Samsung 55" TV')).toBe('samsung 55in tv');
    expect(normalizeTitle('LG 55 inch OLED')).toBe('lg 55in oled');
    expect(normalizeTitle('Vizio 40-Inch LCD')).toBe('vizio 40in lcd');
    expect(normalizeTitle('HD 3,5 4TB')).toBe('hd 3.5 4tb');
    expect(normalizeTitle('2.4 GHz router, 200 Watts')).toBe('2.4ghz router, 200w');
  });

  it('keeps dots between digits only', () => {
    expect(tokenize('Wireless-N 802.11n Router v2.')).toEqual([
      'wireless',
      'n',
      '802.11n',
      'router',
      'v2',
    ]);
  });
});

describe('extractModelNumbers', () => {
  it('finds tokens mixing letters and digits, with or without dashes', () => {
    expect(extractModelNumbers('Sony Bravia KDL-40V5100 40" LCD')).toContain('kdl40v5100');
    expect(extractModelNumbers('sony turntable pslx350h')).toEqual(['pslx350h']);
    expect(extractModelNumbers('388504-B21 HP Storageworks')).toContain('388504b21');
  });

  it('joins a short letter prefix to the following part', () => {
    expect(extractModelNumbers('Sony KDL 40V5100 television')).toContain('kdl40v5100');
  });

  it('ignores units and short versions', () => {
    expect(extractModelNumbers('Apple iPhone 128 GB 6.1" usb2 1080p')).toEqual([]);
  });
});

describe('extractAttributes', () => {
  it('reads capacity, size, wattage and frequency in base units', () => {
    const attributes = extractAttributes('2 TB drive 55" 200 watts 2.4 GHz 512MB');
    expect(attributes).toEqual([
      { family: 'storage', value: 2000, text: '2tb' },
      { family: 'size', value: 55, text: '55in' },
      { family: 'wattage', value: 200, text: '200w' },
      { family: 'frequency', value: 2400, text: '2.4ghz' },
      { family: 'storage', value: 0.512, text: '512mb' },
    ]);
  });
});

describe('colours and brands', () => {
  it('finds colour words, grey as gray', () => {
    expect(extractColours('iPod nano Grey / Black')).toEqual(['gray', 'black']);
  });

  it('normalises brand names and aliases', () => {
    expect(normalizeBrand('Hewlett-Packard')).toBe('hp');
    expect(normalizeBrand('Adobe Systems Inc.')).toBe('adobe');
    expect(normalizeBrand('Sony')).toBe('sony');
  });

  it('prefers the brand field, else detects a known brand in the title', () => {
    expect(detectBrand('anything', 'Microsoft Corporation')).toBe('microsoft');
    expect(detectBrand('Western Digital 2TB My Book')).toBe('wd');
    expect(detectBrand('generic cable 2m', null)).toBeNull();
  });
});

describe('word tables', () => {
  it('know only their own words, not the names every object inherits', () => {
    const markers = extractVariantMarkers('Mobile Crane Constructor 3 for Windows');
    expect(markers.platforms).toEqual(['windows']);
    expect(markers.editions).toEqual([]);
    expect(markers.licences).toEqual([]);
    expect(extractAttributes('LEGO 5constructor set')).toEqual([]);
    expect(normalizeBrand('Constructor')).toBe('constructor');
  });
});
