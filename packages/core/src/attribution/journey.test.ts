import { describe, expect, it } from 'vitest';
import { attributeJourney, groupJourneys, orderJourney, type JourneyStep } from './journey.ts';
import type { AttributionModel } from './models.ts';

const DAY = 24 * 60 * 60 * 1000;
const t0 = Date.UTC(2026, 2, 1);

function click(id: string, day: number, keys: JourneyStep['keys'] = {}): JourneyStep {
  return { type: 'click', id, at: t0 + day * DAY, keys };
}
function visit(id: string, day: number, keys: JourneyStep['keys']): JourneyStep {
  return { type: 'visit', id, at: t0 + day * DAY, keys };
}
function conversion(
  id: string,
  day: number,
  keys: JourneyStep['keys'],
  amountMinor = 0,
): JourneyStep {
  return { type: 'conversion', id, at: t0 + day * DAY, keys, amountMinor };
}

describe('groupJourneys', () => {
  it('links clicks, visits and conversions through shared keys', () => {
    const steps = [
      // Shopper one: two ipick clicks in one session, a landing visit, then a sale quoting the
      // visitor id the snippet kept.
      click('k1', 0, { referralId: 'aff_1', sessionId: 's1' }),
      click('k2', 2, { referralId: 'aff_2', sessionId: 's1' }),
      visit('e1', 2, { referralId: 'aff_2', visitorId: 'v1' }),
      conversion('o1', 3, { visitorId: 'v1' }, 5000),
      // Shopper two: one click, and a sale quoting the click id directly.
      click('k3', 1, { referralId: 'aff_3', sessionId: 's2' }),
      conversion('o2', 4, { clickId: 'k3' }, 1200),
      // Unrelated: no keys at all.
      visit('e2', 5, {}),
    ];
    const journeys = groupJourneys(steps);
    expect(journeys.map((journey) => journey.map((step) => step.id))).toEqual([
      ['k1', 'k2', 'e1', 'o1'],
      ['k3', 'o2'],
      ['e2'],
    ]);
  });

  it('keys of different kinds never collide', () => {
    const journeys = groupJourneys([
      click('x', 0, { sessionId: 'same' }),
      conversion('o', 1, { visitorId: 'same' }),
    ]);
    expect(journeys).toHaveLength(2);
  });

  it('orders steps at the same moment click, visit, conversion', () => {
    const ordered = orderJourney([conversion('o', 1, {}), visit('v', 1, {}), click('c', 1, {})]);
    expect(ordered.map((step) => step.type)).toEqual(['click', 'visit', 'conversion']);
  });
});

describe('attributeJourney', () => {
  const journey = [
    click('k1', 0),
    click('k2', 10),
    visit('e1', 10, { clickId: 'k2' }),
    click('k3', 20),
    conversion('sale', 25, { clickId: 'k3' }, 10_000),
    click('k4', 26),
  ];

  it('credits each conversion under every model side by side', () => {
    const [result] = attributeJourney(journey, { windowDays: 30 });
    expect(result!.conversionId).toBe('sale');
    const ids = (model: AttributionModel) =>
      result!.credits[model]!.map((credit) => [credit.clickId, credit.amountMinor]);
    expect(ids('last_click')).toEqual([['k3', 10_000]]);
    expect(ids('first_click')).toEqual([['k1', 10_000]]);
    expect(ids('linear')).toEqual([
      ['k1', 3333],
      ['k2', 3333],
      ['k3', 3334],
    ]);
    expect(ids('position_based')).toEqual([
      ['k1', 4000],
      ['k2', 2000],
      ['k3', 4000],
    ]);
  });

  it('leaves out clicks older than the window and computes only the models asked for', () => {
    const [result] = attributeJourney(journey, { windowDays: 20, models: ['first_click'] });
    expect(Object.keys(result!.credits)).toEqual(['first_click']);
    expect(result!.credits.first_click!.map((credit) => credit.clickId)).toEqual(['k2']);
  });

  it('gives a conversion without a click in its window no credit', () => {
    const [result] = attributeJourney([conversion('lead', 3, {}), click('late', 4)], {
      windowDays: 30,
    });
    expect(result!.credits.last_click).toEqual([]);
  });
});
