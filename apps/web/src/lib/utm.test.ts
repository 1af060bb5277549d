import { describe, expect, it } from 'vitest';
import { captureUtm, parseUtm, readStoredUtm, UTM_STORAGE_KEY } from './utm';

describe('UTM capture', () => {
  it('stores the UTM values of the landing address', () => {
    captureUtm(
      '?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=lamp&utm_content=hero&q=1',
    );
    expect(readStoredUtm()).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      term: 'lamp',
      content: 'hero',
    });
    expect(JSON.parse(window.sessionStorage.getItem(UTM_STORAGE_KEY) ?? 'null')).toEqual(
      readStoredUtm(),
    );
  });

  it('stores nothing when the address has no UTM values', () => {
    expect(captureUtm('?q=lamp')).toBeNull();
    expect(window.sessionStorage.getItem(UTM_STORAGE_KEY)).toBeNull();
    expect(readStoredUtm()).toBeNull();
  });

  it('captures once: a later address does not overwrite the stored set', () => {
    captureUtm('?utm_source=newsletter');
    const inForce = captureUtm('?utm_source=ads&utm_medium=cpc');
    expect(inForce).toEqual({ source: 'newsletter' });
    expect(readStoredUtm()).toEqual({ source: 'newsletter' });
  });

  it('reads the page address by default', () => {
    window.history.replaceState(null, '', '/?utm_campaign=launch');
    try {
      captureUtm();
      expect(readStoredUtm()).toEqual({ campaign: 'launch' });
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('ignores empty values and tolerates a corrupt stored set', () => {
    expect(parseUtm('?utm_source=&utm_medium=%20')).toBeNull();
    window.sessionStorage.setItem(UTM_STORAGE_KEY, '{not json');
    expect(readStoredUtm()).toBeNull();
  });
});
