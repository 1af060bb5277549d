/// <reference types="node" />
import { describe, expect, it } from 'vitest';
import { parseMatchLine } from './match-pairs.ts';
import { idfFromTitles, prepareSide } from './features.ts';
import {
  calibrate,
  defaultMatcherModel,
  matchTier,
  scorePreparedPair,
  scoreProductPair,
  VETO_FACTOR,
  type MatcherModel,
} from './score.ts';

describe('scoreProductPair', () => {
  it('matches the same TV listed differently, with reasons', () => {
    const result = scoreProductPair(
      { title: 'Sony Bravia KDL-40V5100 40" LCD HDTV', price: 999 },
      { title: 'sony kdl40v5100 bravia 40 inch lcd television', brand: 'Sony', price: 949 },
    );
    expect(result.isMatch).toBe(true);
    expect(result.score).toBeGreaterThan(0.5);
    expect(result.score).toBeLessThanOrEqual(1);
    expect(result.reasons).toContain('same model number KDL-40V5100');
    expect(result.reasons).toContain('same brand sony');
    expect(result.reasons).toContain('same size 40in');
  });

  it('rejects a different storage variant and says why', () => {
    const result = scoreProductPair(
      { title: 'Apple iPhone 13 128GB Midnight' },
      { title: 'Apple iPhone 13 256 GB Midnight' },
    );
    expect(result.isMatch).toBe(false);
    expect(result.reasons).toContain('different storage: 128gb vs 256gb');
  });

  it('rejects different model numbers and brands', () => {
    const result = scoreProductPair(
      { title: 'Samsung UN55TU7000 55" 4K TV', brand: 'Samsung' },
      { title: 'LG 55UN7300 55" 4K TV', brand: 'LG' },
    );
    expect(result.isMatch).toBe(false);
    expect(result.reasons).toContain('different brands: samsung vs lg');
    expect(result.reasons.some((reason) => reason.startsWith('different model numbers'))).toBe(
      true,
    );
  });

  it('is symmetric and fast', () => {
    const a = { title: 'Netgear ProSafe FS105 5-port 10/100 switch', price: 39 };
    const b = { title: 'netgear fs105na prosafe ethernet switch', price: 35 };
    expect(scoreProductPair(a, b).score).toBeCloseTo(scoreProductPair(b, a).score, 6);
    // CPU time per pair once warmed up (the first calls also compile the code); wall time
    // would also count whatever else runs on a shared machine.
    for (let index = 0; index < 200; index += 1) scoreProductPair(b, a);
    const started = process.cpuUsage();
    for (let index = 0; index < 1000; index += 1) scoreProductPair(a, b);
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000 / 1000).toBeLessThan(1);
  });
});

describe('parseMatchLine', () => {
  it('scores a valid line', () => {
    const result = parseMatchLine(
      JSON.stringify({
        left: { title: 'sony pslx350h turntable' },
        right: { title: 'Sony PS-LX350H' },
      }),
    );
    expect(result).toMatchObject({ match: true });
  });

  it('returns an error for invalid lines instead of throwing', () => {
    expect(parseMatchLine('not json')).toEqual({ error: 'invalid JSON' });
    expect(parseMatchLine('[]')).toHaveProperty('error');
    expect(parseMatchLine('{"left":{"title":""},"right":{"title":"x"}}')).toHaveProperty('error');
    expect(
      parseMatchLine('{"left":{"title":"a","price":"abc"},"right":{"title":"x"}}'),
    ).toHaveProperty('error');
  });
});

describe('calibrate and matchTier', () => {
  const calibration = { raw: [0, 0.5, 0.9, 1], calibrated: [0.01, 0.2, 0.6, 0.9] };

  it('maps a raw probability along the calibration, linear between its points', () => {
    expect(calibrate(0.5, calibration)).toBeCloseTo(0.2, 6);
    expect(calibrate(0.7, calibration)).toBeCloseTo(0.4, 6);
    expect(calibrate(0.95, calibration)).toBeCloseTo(0.75, 6);
    expect(calibrate(-1, calibration)).toBe(0.01);
    expect(calibrate(0.42, undefined)).toBe(0.42);
  });

  it('names the tier of a score from the model thresholds', () => {
    const model = { ...defaultMatcherModel, threshold: 0.4, sameProductThreshold: 0.8 };
    expect(matchTier(0.85, model)).toBe('same');
    expect(matchTier(0.8, model)).toBe('same');
    expect(matchTier(0.5, model)).toBe('probable');
    expect(matchTier(0.39, model)).toBe('similar');
  });
});

describe('vetoes', () => {
  // Trees that call every pair a match (no trees, a bias of 99 %), so only a veto can say no.
  const eager: MatcherModel = {
    ...defaultMatcherModel,
    bias: Math.log(99),
    trees: [],
    calibration: undefined,
    threshold: 0.5,
  };
  const score = (left: string, right: string) =>
    scorePreparedPair(prepareSide({ title: left }), prepareSide({ title: right }), eager);

  it('keeps a pair that differs in nothing the vetoes read', () => {
    expect(score('Adobe Photoshop CS3 Extended', 'adobe photoshop cs3 extended').isMatch).toBe(
      true,
    );
  });

  it.each([
    ['an upgrade', 'Adobe Photoshop CS3 Extended upgrade', 'Adobe Photoshop CS3 Extended'],
    [
      'an academic copy',
      'Nuance Dragon NaturallySpeaking 9 academic',
      'Nuance Dragon NaturallySpeaking 9',
    ],
    [
      'another platform',
      'Adobe Acrobat 8.0 Professional Mac',
      'Adobe Acrobat 8.0 Professional Windows',
    ],
    ['another edition', 'Microsoft Office 2007 Standard', 'Microsoft Office 2007 Professional'],
    ['another year', 'Intuit QuickBooks Pro 2006', 'Intuit QuickBooks Pro 2007'],
  ])('never calls %s the same product', (_, left, right) => {
    const result = score(left, right);
    expect(result.isMatch).toBe(false);
    expect(result.score).toBeCloseTo(0.99 * VETO_FACTOR, 6);
  });

  it('lets a hard conflict between the titles veto the match (scoreProductPair)', () => {
    // The trees alone call both pairs the same product.
    const renewed = [
      { title: 'Sony WH-1000XM4 Wireless Noise Cancelling Headphones' },
      { title: 'Sony WH-1000XM4 Wireless Noise Cancelling Headphones (Renewed)' },
    ] as const;
    const imported = [
      { title: 'Logitech MX Master 3 Wireless Mouse Graphite 910-005620' },
      { title: 'Logitech MX Master 3 Wireless Mouse Graphite 910-005620 UK version' },
    ] as const;
    for (const [left, right] of [renewed, imported]) {
      expect(scorePreparedPair(prepareSide(left), prepareSide(right)).isMatch).toBe(true);
      const result = scoreProductPair(left, right);
      expect(result.isMatch).toBe(false);
      expect(result.score).toBeLessThan(defaultMatcherModel.threshold);
    }
  });
});

describe('token rarity from the catalog being searched', () => {
  // A shop of mice: every listing says "Acme Wireless Optical Mouse"; what sets one apart is
  // its line (Silent, Gaming...). Elsewhere those words are rare, and sharing them means more.
  const lines = ['Silent', 'Gaming', 'Travel', 'Ergo'];
  const mice = Array.from(
    { length: 400 },
    (_, n) => `Acme Wireless Optical Mouse ${lines[n % 4]} ${n}`,
  );
  const things = Array.from(
    { length: 1600 },
    (_, n) => `Item ${['lamp', 'kettle', 'cable', 'desk'][n % 4]} number${n % 50} ${n}`,
  );
  const miceShop = idfFromTitles([...mice, ...things.slice(0, 100)]);
  const generalShop = idfFromTitles([...mice.slice(0, 8), ...things]);
  const silent = prepareSide({ title: 'Acme Wireless Optical Mouse Silent' });
  const gaming = prepareSide({ title: 'Acme Wireless Optical Mouse Gaming' });
  const silentAgain = prepareSide({ title: 'Acme Silent Wireless Mouse' });

  it('counts in how many titles each word is, leaving out the rarest', () => {
    expect(miceShop.documents).toBe(500);
    expect(miceShop.df['mouse']).toBe(400);
    expect(miceShop.df['silent']).toBe(100);
    expect(miceShop.df['399']).toBeUndefined();
  });

  it('tells two lines of a product apart where every listing shares their other words', () => {
    const inMiceShop = scorePreparedPair(silent, gaming, defaultMatcherModel, false, miceShop);
    const inGeneralShop = scorePreparedPair(
      silent,
      gaming,
      defaultMatcherModel,
      false,
      generalShop,
    );
    expect(inMiceShop.isMatch).toBe(false);
    expect(inMiceShop.score).toBeLessThan(inGeneralShop.score / 2);
    // The same line, worded otherwise, is still the same product there.
    expect(
      scorePreparedPair(silent, silentAgain, defaultMatcherModel, false, miceShop).isMatch,
    ).toBe(true);
  });
});
