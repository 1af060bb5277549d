import { afterEach, describe, expect, it } from 'vitest';
import {
  INJECTED_SNIPPET_ID,
  injectSnippet,
  removeSnippet,
  snippetTag,
  trackWithSnippet,
  type IpickFunction,
} from './snippet';

const testWindow = window as unknown as { ipick?: IpickFunction };

afterEach(() => removeSnippet());

describe('injectSnippet', () => {
  it('adds one tracker tag with data-key and data-domain, replacing an earlier one', () => {
    injectSnippet({ publishableKey: 'pk_live_one', domain: 'one.example.com' });
    const loaded: IpickFunction = () => true;
    loaded.loaded = true;
    testWindow.ipick = loaded;

    const script = injectSnippet({ publishableKey: 'pk_live_two', domain: 'two.example.com' });

    const tags = document.querySelectorAll(`#${INJECTED_SNIPPET_ID}`);
    expect(tags).toHaveLength(1);
    expect(tags[0]).toBe(script);
    expect(script.getAttribute('src')).toBe('/tracker.js');
    expect(script.getAttribute('data-key')).toBe('pk_live_two');
    expect(script.getAttribute('data-domain')).toBe('two.example.com');
    // The loaded snippet made way for a queue stub that the new script will replay.
    expect(testWindow.ipick).not.toBe(loaded);
    expect(trackWithSnippet('page_view', {})).toBeUndefined();
    expect(testWindow.ipick?.q).toEqual([['track', 'page_view', {}]]);
  });

  it('removeSnippet takes the tag and window.ipick away', () => {
    injectSnippet({ publishableKey: 'pk_live_one', domain: 'one.example.com' });
    removeSnippet();
    expect(document.getElementById(INJECTED_SNIPPET_ID)).toBeNull();
    expect(testWindow.ipick).toBeUndefined();
  });
});

describe('snippetTag', () => {
  it('points at /tracker.js on the given origin with the key and domain', () => {
    const tag = snippetTag({
      origin: 'https://ipick.example',
      publishableKey: 'pk_live_abc',
      domain: 'shop.example.com',
    });
    expect(tag).toContain(
      '<script defer src="https://ipick.example/tracker.js" data-key="pk_live_abc" data-domain="shop.example.com"></script>',
    );
    expect(tag).toContain('window.ipick = window.ipick ||');
  });
});
