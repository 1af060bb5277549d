import { conflictFacts, prepareSide } from '@ipick/core';
import { describe, expect, it } from 'vitest';
import { PreparedOffers } from './prepared-offers.ts';

const offer = {
  title: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones, Black',
  brand: 'Sony',
  mpn: 'WH1000XM5/B',
  category: 'Headphones',
};

describe("the matcher's view of catalog offers", () => {
  it('is what prepareSide gives, and is made once for an offer compared again', () => {
    const prepared = new PreparedOffers();
    const first = prepared.of(offer);
    expect(first).toEqual(
      prepareSide({
        title: offer.title,
        brand: offer.brand,
        model: offer.mpn,
        category: offer.category,
      }),
    );
    expect(prepared.of({ ...offer })).toBe(first);
    expect(prepared.size).toBe(1);
  });

  it('is made afresh when the title, brand or part number changed', () => {
    const prepared = new PreparedOffers();
    const before = prepared.of(offer);
    const retitled = prepared.of({ ...offer, title: 'Sony WH-1000XM5 Headphones, Silver' });
    expect(retitled).not.toBe(before);
    expect(retitled.colours).toEqual(['silver']);
    expect(prepared.of({ ...offer, mpn: 'WH1000XM5/S' })).not.toBe(before);
    expect(prepared.of({ ...offer, brand: null })).not.toBe(before);
    expect(prepared.size).toBe(4);
  });

  it("keeps the conflict rules' reading of an offer with its view, one per condition", () => {
    const prepared = new PreparedOffers();
    const facts = prepared.factsOf({ ...offer, condition: 'new' });
    expect(facts).toEqual(
      conflictFacts({ title: offer.title, condition: 'new', side: prepared.of(offer) }),
    );
    expect(facts.side).toBe(prepared.of(offer));
    expect(prepared.factsOf({ ...offer, condition: 'new' })).toBe(facts);
    const used = prepared.factsOf({ ...offer, condition: 'used' });
    expect(used).not.toBe(facts);
    expect(used.condition).toBe('used');
    expect(prepared.size).toBe(1);
  });
});
