export {
  ATTRIBUTION_MODELS,
  DEFAULT_ATTRIBUTION_MODEL,
  DEFAULT_ATTRIBUTION_WINDOW_DAYS,
  attributeConversion,
  creditShares,
  isAttributionModel,
  isWithinWindow,
  splitAmount,
  type AttributableClick,
  type AttributionModel,
  type ClickCredit,
} from './models.ts';
export {
  attributeJourney,
  groupJourneys,
  orderJourney,
  type ConversionAttribution,
  type JourneyKeys,
  type JourneyStep,
  type JourneyStepType,
} from './journey.ts';
export { isRefundedInFull, netSaleMinor } from './refunds.ts';
