import {
  attributeConversion,
  type AttributionModel,
  type ClickCredit,
  ATTRIBUTION_MODELS,
} from './models.ts';

/**
 * The identifiers that tie a shopper's steps together: the referral id and click id ipick put
 * on the landing address, ipick's session id, and the visitor id the merchant snippet keeps.
 */
export interface JourneyKeys {
  referralId?: string | null;
  clickId?: string | null;
  sessionId?: string | null;
  visitorId?: string | null;
}

/** What a shopper did, seen from one merchant: an ipick click, a visit (event), a conversion. */
export type JourneyStepType = 'click' | 'visit' | 'conversion';

export interface JourneyStep {
  type: JourneyStepType;
  /** Unique among steps of its type; a click's id is also its `clickId` key. */
  id: string;
  /** Epoch milliseconds. */
  at: number;
  keys: JourneyKeys;
  /** Conversions only: the amount to split (0 for a lead without one). */
  amountMinor?: number;
}

/** One conversion's credit under each requested model. */
export interface ConversionAttribution {
  conversionId: string;
  credits: Partial<Record<AttributionModel, ClickCredit[]>>;
}

const keyNames = ['referralId', 'clickId', 'sessionId', 'visitorId'] as const;

function keysOf(step: JourneyStep): string[] {
  const keys: string[] = [];
  for (const name of keyNames) {
    const value = step.keys[name];
    if (value) keys.push(`${name}:${value}`);
  }
  if (step.type === 'click') keys.push(`clickId:${step.id}`);
  return keys;
}

/** Steps in time order; steps at the same moment keep click → visit → conversion, then input order. */
export function orderJourney<Step extends JourneyStep>(steps: readonly Step[]): Step[] {
  const rank: Record<JourneyStepType, number> = { click: 0, visit: 1, conversion: 2 };
  return steps
    .map((step, order) => ({ step, order }))
    .sort(
      (a, b) => a.step.at - b.step.at || rank[a.step.type] - rank[b.step.type] || a.order - b.order,
    )
    .map(({ step }) => step);
}

/**
 * Splits steps into journeys: two steps belong to the same shopper's journey when they share
 * any key (referral id, click id, session id or visitor id), directly or through other steps.
 * Each journey comes back in time order; journeys are ordered by their first step.
 */
export function groupJourneys<Step extends JourneyStep>(steps: readonly Step[]): Step[][] {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root)!;
    // Path compression keeps later look-ups short.
    let current = key;
    while (current !== root) {
      const next = parent.get(current)!;
      parent.set(current, root);
      current = next;
    }
    return root;
  };
  const union = (a: string, b: string) => {
    const rootA = find(a);
    const rootB = find(b);
    if (rootA !== rootB) parent.set(rootB, rootA);
  };

  const stepKeys = steps.map((step, index) => {
    // A step without any key is a journey of its own.
    const keys = keysOf(step);
    const own = `step:${index}`;
    for (const key of [own, ...keys]) if (!parent.has(key)) parent.set(key, key);
    for (const key of keys) union(own, key);
    return own;
  });

  const journeys = new Map<string, Step[]>();
  steps.forEach((step, index) => {
    const root = find(stepKeys[index]!);
    const journey = journeys.get(root);
    if (journey) journey.push(step);
    else journeys.set(root, [step]);
  });
  return [...journeys.values()]
    .map((journey) => orderJourney(journey))
    .sort((a, b) => a[0]!.at - b[0]!.at);
}

/**
 * Credits every conversion of one journey to the journey's clicks within `windowDays` before
 * it, under each of `models` (all four by default), in the journey's time order.
 */
export function attributeJourney(
  journey: readonly JourneyStep[],
  options: { windowDays: number; models?: readonly AttributionModel[] },
): ConversionAttribution[] {
  const models = options.models ?? ATTRIBUTION_MODELS;
  const ordered = orderJourney(journey);
  const clicks = ordered.filter((step) => step.type === 'click');
  return ordered
    .filter((step) => step.type === 'conversion')
    .map((conversion) => {
      const credits: ConversionAttribution['credits'] = {};
      for (const model of models) {
        credits[model] = attributeConversion({
          clicks,
          conversionAt: conversion.at,
          amountMinor: conversion.amountMinor ?? 0,
          windowDays: options.windowDays,
          model,
        });
      }
      return { conversionId: conversion.id, credits };
    });
}
