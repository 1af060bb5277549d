import { describe, expect, it } from 'vitest';
import { countTitleWords, titleWordsFromSlug } from './title-words.ts';

describe('titleWordsFromSlug', () => {
  it.each<[string, string | null, string[]]>([
    ['Apple-AirPods-Pro-2nd-Generation', null, ['apple', 'airpods', 'pro', '2nd', 'generation']],
    ['blue_kettle+1.7L', null, ['blue', 'kettle', '1.7l']],
    ['caf%C3%A9%20cr%C3%A8me', null, ['café', 'crème']],
    ['lg-65-class-oled.product.4000243410.html', '4000243410', ['lg', '65', 'class', 'oled']],
    ['playstation5-console.3005816', '3005816', ['playstation5', 'console']],
    ['6447382.p', '6447382', []],
    ['samsung-tv-12345', '12345', ['samsung', 'tv']],
    ['kettle', 'kettle', ['kettle']],
    ["Levi's-501-Original-(Renewed)", null, ['levis', '501', 'original', 'renewed']],
    ['Wi-Fi-Smart-Plug%2C-2-pack', null, ['wi', 'fi', 'smart', 'plug', '2', 'pack']],
    ['product-dp-p-site', null, []],
    ['50%off', null, ['50', 'off']],
    ['...', null, []],
    ['', null, []],
  ])('%j -> %j', (slug, productId, words) => {
    expect(titleWordsFromSlug(slug, productId)).toEqual(words);
  });
});

describe('countTitleWords', () => {
  it.each([
    ['blue-kettle', 2],
    ['en-us', 0],
    ['products', 0],
    ['12345', 0],
    ['acme-kettle-1-7l', 3],
  ])('%s -> %d', (segment, count) => {
    expect(countTitleWords(segment)).toBe(count);
  });
});
