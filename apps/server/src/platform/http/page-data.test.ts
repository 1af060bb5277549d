import { describe, expect, it } from 'vitest';
import { jsonForScriptElement, withPageData } from './page-data.ts';

describe('page data in the HTML', () => {
  const hostile = {
    'catalog/categories': {
      categories: [
        { name: '</script><script>alert(1)</script>', slug: 'a&b' },
        { name: '<!-- open', slug: 'line\u2028separator\u2029' },
      ],
    },
  };

  it('cannot end its script element or start markup, whatever the values hold', () => {
    const text = jsonForScriptElement(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text.toLowerCase()).not.toContain('</script');
  });

  it('reads back as the same value', () => {
    expect(JSON.parse(jsonForScriptElement(hostile))).toEqual(hostile);
  });

  it('goes into a JSON script element at the end of the body', () => {
    const html = withPageData('<html><body><div id="root"></div></body></html>', hostile);
    const match =
      /<script type="application\/json" id="ipick-page-data">([^<]*)<\/script><\/body><\/html>$/.exec(
        html,
      );
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!)).toEqual(hostile);
    // Exactly one script element: the hostile names opened none.
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
