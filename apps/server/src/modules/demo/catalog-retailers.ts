/**
 * How the nine retailers of spec §3 write their product ids and links, so that demo offers
 * look like links a shopper could paste. Names, hosts and affiliate parameters come from the
 * retailer table of @ipick/core.
 */
import { RETAILER_KEYS, type RetailerKey } from '@ipick/core';
import { hashText, scatter } from './catalog-random.ts';

export type DemoRetailerKey = RetailerKey;

export const demoRetailerKeys: readonly DemoRetailerKey[] = RETAILER_KEYS;

/** The host of each retailer's product links. */
export const demoRetailerHosts: Readonly<Record<DemoRetailerKey, string>> = {
  amazon: 'www.amazon.com',
  ebay: 'www.ebay.com',
  walmart: 'www.walmart.com',
  target: 'www.target.com',
  bestbuy: 'www.bestbuy.com',
  apple: 'www.apple.com',
  playstation: 'direct.playstation.com',
  newegg: 'www.newegg.com',
  costco: 'www.costco.com',
};

/** What each retailer's product ids look like (research/matching.md §4.2). */
export const demoRetailerIdPatterns: Readonly<Record<DemoRetailerKey, RegExp>> = {
  amazon: /^B0[0-9A-Z]{8}$/,
  ebay: /^[1-3]\d{11}$/,
  walmart: /^(\d{9}|\d{11})$/,
  target: /^\d{8}$/,
  bestbuy: /^\d{7}$/,
  apple: /^[MH][A-Z0-9]{4}(LL|AM|ZM)\/A$/,
  playstation: /^\d{7}$/,
  newegg: /^N82E168\d{8}$/,
  costco: /^(100\d{6}|4000\d{6})$/,
};

// ---- product ids ----

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function base36(value: number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) {
    text = ALPHANUMERIC[value % 36]! + text;
    value = Math.floor(value / 36);
  }
  return text;
}

function digits(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/**
 * An Apple part number for the `index`-th Apple-made product, e.g. MX2D3LL/A; it is both the
 * product's MPN and its id on apple.com. Accessories carry AM/A, devices LL/A.
 */
export function applePartNumber(index: number, salt: number, isDevice: boolean): string {
  const value = scatter(index, 26 * 36 ** 3, salt);
  const body = LETTERS[Math.floor(value / 36 ** 3)]! + base36(value % 36 ** 3, 3);
  return `M${body}${isDevice ? 'LL' : 'AM'}/A`;
}

/** Details some retailers put in their ids or links. */
export interface IdContext {
  /** Newegg's two-digit category, e.g. 14 for graphics cards. */
  neweggCategory: number;
  /** The Apple part number, for Apple-made products on apple.com. */
  applePart: string | null;
}

/**
 * The `index`-th product id of a retailer: distinct indexes give distinct ids, shaped like the
 * retailer's real ones (Amazon ASIN, Walmart item id, Target TCIN, Best Buy SKU, ...).
 */
export function retailerProductIdFor(
  key: DemoRetailerKey,
  index: number,
  salt: number,
  context: IdContext,
): string {
  salt = (salt ^ hashText(key)) >>> 0;
  switch (key) {
    case 'amazon':
      return `B0${base36(scatter(index, 36 ** 8, salt), 8)}`;
    case 'ebay':
      return String(100_000_000_000 + scatter(index, 300_000_000_000, salt));
    case 'walmart': {
      const value = scatter(index, 900_000_000, salt);
      // Older Walmart items have 9 digits, newer ones 11.
      return index % 3 === 0 ? `1${digits(value, 10)}` : String(100_000_000 + value);
    }
    case 'target':
      return String(10_000_000 + scatter(index, 90_000_000, salt));
    case 'bestbuy':
      return String(4_000_000 + scatter(index, 6_000_000, salt));
    case 'apple':
      if (context.applePart) return context.applePart;
      // Other brands' products in the Apple Store carry H…ZM/A part numbers.
      return `H${base36(scatter(index, 36 ** 4, salt), 4)}ZM/A`;
    case 'playstation':
      return String(1_000_000 + scatter(index, 9_000_000, salt));
    case 'newegg':
      return `N82E168${digits(context.neweggCategory, 2)}${digits(scatter(index, 1_000_000, salt), 6)}`;
    case 'costco': {
      const value = scatter(index, 2_000_000, salt);
      return value < 1_000_000 ? `100${digits(value, 6)}` : `4000${digits(value - 1_000_000, 6)}`;
    }
  }
}

// ---- links ----

const slugStopWords = new Set(['with', 'and', 'for', 'the', 'of', 'in', 'a', 'to', 'by']);

function slugWords(title: string): string[] {
  return (
    title
      .replace(/[\u00ae\u2122\u00a9]/g, '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[A-Za-z0-9]+/g) ?? ['product']
  );
}

function lowerSlug(title: string, maxWords: number): string {
  return slugWords(title).slice(0, maxWords).join('-').toLowerCase();
}

/** Where PlayStation Direct files a product, by kind. */
export type PlayStationSection = 'consoles/console' | 'accessories/accessory' | 'games/video-game';

/**
 * The product link in the shape the retailer's own pages give as canonical, on its real host,
 * with the id where URL parsers look for it (see research/matching.md §4.2).
 */
export function productUrlFor(
  key: DemoRetailerKey,
  id: string,
  title: string,
  playStationSection: PlayStationSection,
): string {
  const host = demoRetailerHosts[key];
  switch (key) {
    case 'amazon': {
      const words = slugWords(title).filter((word) => !slugStopWords.has(word.toLowerCase()));
      return `https://${host}/${words.slice(0, 9).join('-')}/dp/${id}`;
    }
    case 'ebay':
      return `https://${host}/itm/${id}`;
    case 'walmart':
      return `https://${host}/ip/${slugWords(title).slice(0, 14).join('-')}/${id}`;
    case 'target':
      return `https://${host}/p/${lowerSlug(title, 10)}/-/A-${id}`;
    case 'bestbuy':
      return `https://${host}/site/${lowerSlug(title, 16)}/${id}.p?skuId=${id}`;
    case 'apple':
      return `https://${host}/shop/product/${id}/${lowerSlug(title, 10)}`;
    case 'playstation':
      return `https://${host}/en-us/${playStationSection}/${lowerSlug(title, 8)}.${id}`;
    case 'newegg':
      return `https://${host}/${lowerSlug(title, 8)}/p/${id}`;
    case 'costco':
      return `https://${host}/${lowerSlug(title, 12)}.product.${id}.html`;
  }
}
