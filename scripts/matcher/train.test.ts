import { describe, expect, it } from 'vitest';
import type { LabelledPair } from '../../packages/core/src/matching/datasets.ts';
import { DEFAULT_TRAIN_OPTIONS, sourceIdf, trainMatcher, type TrainingSource } from './train.ts';

/** A small labelled source: the same phone listed twice, or two different phones. */
function source(name: string, brands: string[]): TrainingSource {
  const pairs = (offset: number): LabelledPair[] =>
    brands.flatMap((brand, index) => {
      const model = `${brand.slice(0, 2).toUpperCase()}${100 + offset + index}`;
      const other = `${brand.slice(0, 2).toUpperCase()}${500 + offset + index}`;
      return [
        {
          left: { title: `${brand} phone ${model} 128GB black` },
          right: { title: `${brand} ${model} smartphone 128 GB` },
          label: 1 as const,
        },
        {
          left: { title: `${brand} phone ${model} 128GB black` },
          right: { title: `${brand} ${other} smartphone 128 GB` },
          label: 0 as const,
        },
      ];
    });
  return { name, train: pairs(0), valid: pairs(50) };
}

const sources = [
  source('one', ['Acme', 'Bolt', 'Core', 'Dyna', 'Echo', 'Flux']),
  source('two', ['Giga', 'Halo', 'Ion', 'Jet', 'Kilo', 'Lumo']),
];
const options = { ...DEFAULT_TRAIN_OPTIONS, maxTrees: 20, minHessian: 0.5 };

describe('trainMatcher', () => {
  it('gives the same weights for the same data and seed', () => {
    const first = JSON.stringify(trainMatcher(sources, options).model);
    const second = JSON.stringify(trainMatcher(sources, options).model);
    expect(second).toBe(first);
    const reseeded = JSON.stringify(trainMatcher(sources, { ...options, seed: 7 }).model);
    expect(reseeded).not.toBe(first);
  });

  it('learns that another model number is another product', () => {
    const { model, validRaw } = trainMatcher(sources, options);
    const valid = validRaw['two']!;
    const matches = valid.scores.filter((_, index) => valid.labels[index] === 1);
    const others = valid.scores.filter((_, index) => valid.labels[index] === 0);
    expect(Math.min(...matches)).toBeGreaterThan(Math.max(...others));
    expect(model.sameProductThreshold).toBeGreaterThanOrEqual(model.threshold);
  });
});

describe('sourceIdf', () => {
  const pooled = { documents: 10, df: { phone: 10 } };
  const corpus = [
    { title: 'Acme phone AC100' },
    { title: 'Acme phone AC200' },
    { title: 'Bolt phone BO100' },
  ];

  it("reads token rarity from the source's own unlabelled listings", () => {
    const idf = sourceIdf({ corpus }, { corpusIdf: true, minDf: 2 }, pooled);
    expect(idf).toEqual({ documents: 3, df: { phone: 3, acme: 2 } });
  });

  it('falls back to the pooled table without listings or when turned off', () => {
    expect(sourceIdf({}, { corpusIdf: true, minDf: 2 }, pooled)).toBe(pooled);
    expect(sourceIdf({ corpus }, { corpusIdf: false, minDf: 2 }, pooled)).toBe(pooled);
  });
});
