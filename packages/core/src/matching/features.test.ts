import { describe, expect, it } from 'vitest';
import {
  computeFeatures,
  FEATURE_NAMES,
  idfFromTitles,
  prepareSide,
  rareWordOneSided,
} from './features.ts';

// A headphone catalog: `mono` and `duo` are in 8 listings each (known to it and among its
// rarest words), `headset`, `jabra`, `evolve` and `usb` in most.
const catalog = idfFromTitles([
  ...Array.from({ length: 8 }, (_, i) => `Jabra Evolve ${20 + i} Mono USB headset`),
  ...Array.from({ length: 8 }, (_, i) => `Jabra Evolve ${40 + i} Duo USB headset`),
  ...Array.from({ length: 60 }, (_, i) => `Jabra Evolve ${i} Stereo USB headset black`),
  ...Array.from({ length: 8 }, (_, i) => `Poly Voyager ${i} headset wireless`),
]);
const side = (title: string) => prepareSide({ title });

describe('rareWordOneSided', () => {
  it('sets apart two listings that differ by a variant word the catalog holds rare', () => {
    const mono = side('Jabra Evolve 30 II Mono USB headset');
    const duo = side('Jabra Evolve 30 II Duo USB headset');
    expect(rareWordOneSided(mono, duo, catalog)).toBe(true);
    const index = FEATURE_NAMES.indexOf('rareWordOneSided');
    expect(computeFeatures(mono, duo, catalog).values[index]).toBe(1);
    expect(computeFeatures(duo, mono, catalog).values[index]).toBe(1);
  });

  it('ignores common words, words the catalog does not know, numbers and abbreviations', () => {
    // `stereo` and `black` are common; `zq` is in no listing of the table; 30 vs 40 is a number.
    expect(
      rareWordOneSided(
        side('Jabra Evolve 30 Stereo headset black zq'),
        side('Jabra Evolve 40 headset'),
        catalog,
      ),
    ).toBe(false);
    // `duo` against `duos`: one is the start of the other.
    expect(
      rareWordOneSided(
        side('Jabra Evolve 30 Duo headset'),
        side('Jabra Evolve 30 Duos headset'),
        catalog,
      ),
    ).toBe(false);
    // Written inside the other title without a space.
    expect(
      rareWordOneSided(
        side('Jabra Evolve 30 Mono headset'),
        side('Jabra Evolve30mono headset'),
        catalog,
      ),
    ).toBe(false);
  });
});

describe('IDF weights', () => {
  it('weigh a word the table lacks as rare, even one a plain object answers for', () => {
    // `constructor` is on every object's prototype; `zyxwvutsrqp`, as long and with no 3-gram of
    // the other title, is just absent. Every feature of the two pairs is the same.
    const withWord = (word: string) =>
      computeFeatures(
        side(`Jabra Evolve 30 Mono headset ${word}`),
        side('Jabra Evolve 30 Mono headset'),
        catalog,
      ).values;
    const constructorValues = withWord('constructor');
    expect(constructorValues.every(Number.isFinite)).toBe(true);
    expect(constructorValues).toEqual(withWord('zyxwvutsrqp'));
  });
});
