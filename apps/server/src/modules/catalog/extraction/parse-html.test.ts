import { load } from 'cheerio';
import type { Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { extractionLimits } from './extraction-limits.ts';
import { parseHtml } from './parse-html.ts';

function depthOf(root: Element): number {
  let deepest = 0;
  const stack: [Element, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [element, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of element.children) {
      if (DomUtils.isTag(child)) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

describe('parseHtml', () => {
  it('builds the tree cheerio queries', () => {
    const $ = load(
      parseHtml(
        '<!doctype html><html lang="en"><head><title>T &amp; U</title></head><body><div id="a"><p class="x">One<p class="x">Two</div><ul><li>1<li>2</ul></body></html>',
      ),
    );
    expect($('html').attr('lang')).toBe('en');
    expect($('title').text()).toBe('T & U');
    expect($('#a > p.x').length).toBe(2);
    expect($('ul > li').length).toBe(2);
  });

  it('always has one <html> root, even for a fragment', () => {
    const document = parseHtml('<span>a</span><span>b</span>text');
    expect(document.children).toHaveLength(1);
    expect((document.children[0] as Element).name).toBe('html');
  });

  it('keeps script contents as raw text', () => {
    const $ = load(parseHtml('<script type="application/ld+json">{"a": "<b>&amp;</b>"}</script>'));
    expect($('script').text()).toBe('{"a": "<b>&amp;</b>"}');
  });

  it('closes self-closing SVG elements but not HTML ones', () => {
    const $ = load(parseHtml('<svg><path/><path/></svg><div/><span>in div</span>'));
    expect($('svg > path').length).toBe(2);
    expect($('div > span').length).toBe(1);
  });

  it('ignores stray close tags', () => {
    const $ = load(parseHtml('<div id="a"></span></b><p>x</p></div><div id="b"></div>'));
    expect($('#a > p').length).toBe(1);
    expect($('#b').parent().is('html')).toBe(true);
  });

  it('caps the depth of the tree and keeps the text of what it drops', () => {
    const document = parseHtml(`${'<div>'.repeat(5_000)}deep text`);
    const root = document.children[0] as Element;
    expect(depthOf(root)).toBeLessThanOrEqual(extractionLimits.maxTreeDepth + 1);
    expect(load(document)('html').text()).toContain('deep text');
  });

  it('keeps scripts and metas past the element ceiling', () => {
    const filler = '<i></i>'.repeat(extractionLimits.maxElements);
    const $ = load(
      parseHtml(`${filler}<meta property="og:title" content="late"><script>late()</script>`),
    );
    expect($('meta').attr('content')).toBe('late');
    expect($('script').text()).toBe('late()');
  });

  it('caps attribute values', () => {
    const $ = load(parseHtml(`<div data-x="${'a'.repeat(100_000)}"></div>`));
    expect($('div').attr('data-x')).toHaveLength(extractionLimits.maxAttributeChars);
  });

  it('does not let an attribute named __proto__ change the prototype', () => {
    const $ = load(parseHtml('<div __proto__="x" id="a"></div>'));
    expect(Object.getPrototypeOf($('#a').get(0)!.attribs)).toBe(Object.prototype);
  });
});
