import { randomUUID } from 'node:crypto';
import {
  REFERRAL_LANDING_PARAMETER,
  type ClickBotReason,
  type Conversion,
  type ConversionRequest,
  type ReferralTrackingRequest,
  type TrackEventRequest,
} from '@ipick/contracts';
import { createReferralId, currencyExponent } from '@ipick/core';
import { AppError } from '../../platform/errors.ts';
import type { ApiKeyService } from './api-key-service.ts';
import { toConversion } from './tracking-presenters.ts';
import { domainOfUrl, isCoveredBy, isOriginAllowed } from './tracking-policy.ts';
import type {
  BusinessRow,
  ConversionRow,
  NewConversion,
  TrackingRepository,
} from './tracking-repository.ts';

export interface TrackingServiceOptions {
  /** Accept http page origins and targets: only where the fetcher reaches private hosts. */
  allowHttp: boolean;
  now?: () => Date;
}

/** A page allowed to send events for a business, with that business's domains. */
export interface BrowserSender {
  businessId: string;
  origin: string;
  domains: string[];
  /** The page was ipick's own tracking test page, not the shop: its events are test events. */
  isTest: boolean;
}

export interface RecordedConversion {
  duplicate: boolean;
  conversion: Conversion;
}

/** A page's own clock is trusted this far into the future and this far back; else arrival time. */
const EVENT_CLOCK_AHEAD_MS = 5 * 60 * 1000;
const EVENT_CLOCK_BEHIND_MS = 24 * 60 * 60 * 1000;
/** Conversions may arrive late (returns, invoicing), but not from before this. */
const CONVERSION_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;
const SESSION_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * The calls merchants' pages, ipick's web app and merchants' servers make (spec §7): the
 * referral-tracking call, browser events from ipick's snippet, and server-to-server
 * conversions, deduplicated per business, kind and order id (and refund id).
 */
export class TrackingService {
  readonly #repository: TrackingRepository;
  readonly #keys: ApiKeyService;
  readonly #allowHttp: boolean;
  readonly #now: () => Date;

  constructor(
    repository: TrackingRepository,
    keys: ApiKeyService,
    options: TrackingServiceOptions,
  ) {
    this.#repository = repository;
    this.#keys = keys;
    this.#allowHttp = options.allowHttp;
    this.#now = options.now ?? (() => new Date());
  }

  /**
   * Records ipick's web app sending a shopper to a merchant (spec §7 referral-tracking call)
   * and gives back the address to send them to, carrying the referral id for the merchant's
   * snippet. `not_found` for a domain no business has, `forbidden` for a suspended business,
   * `invalid_request` for a target off the business's domains. The shopper is the session's,
   * never the body's (research §7.2: the body is forgeable).
   */
  async trackReferral(
    input: ReferralTrackingRequest,
    shopperId: string | null,
    bot: { isBot: boolean; botReason: ClickBotReason | null },
  ): Promise<{ referralId: string; targetUrl: string }> {
    const business = await this.#merchantOf(input.businessDomain);
    const target = new URL(input.targetUrl);
    const host = domainOfUrl(target.href, { allowHttp: true });
    const domains = await this.#domainsOf(business, { verifiedOnly: true });
    if (host === null || !domains.some((domain) => isCoveredBy(host, domain))) {
      throw new AppError(
        'invalid_request',
        `body.targetUrl: ${target.host} is not a domain of ${input.businessDomain}`,
      );
    }
    const referralId = input.referralId ?? createReferralId(input.businessDomain);
    const sessionId = target.searchParams.get('session_id');
    const isNew = await this.#repository.insertReferral({
      id: randomUUID(),
      referral_id: referralId,
      business_id: business.id,
      occurred_at: this.#now(),
      target_url: target.href,
      source_url: input.sourceUrl ?? null,
      product_name: input.productName ?? null,
      user_id: shopperId,
      session_id: sessionId && SESSION_ID_PATTERN.test(sessionId) ? sessionId : null,
      utm_source: input.utmSource ?? null,
      utm_medium: input.utmMedium ?? null,
      utm_campaign: input.utmCampaign ?? null,
      is_bot: bot.isBot,
      bot_reason: bot.botReason,
    });
    if (!isNew) {
      // A retried call is fine; a referral id of another merchant is not.
      const earlier = await this.#repository.findReferral(referralId);
      if (earlier && earlier.business_id !== business.id) {
        throw new AppError(
          'conflict',
          'body.referralId: this referral id was used for another shop',
        );
      }
    }
    target.searchParams.set(REFERRAL_LANDING_PARAMETER, referralId);
    return { referralId, targetUrl: target.href };
  }

  /**
   * Checks a browser request from ipick's snippet: a publishable key (`unauthorized` when
   * missing, unknown, revoked or secret) and an `Origin` on one of that business's verified
   * domains (`forbidden` otherwise, and for a suspended business). `isIpickPage`: the page is
   * one of ipick's own (the tracking test page), which may send test events for any business.
   */
  async authorizeBrowser(
    rawKey: string | undefined,
    origin: string | undefined,
    { isIpickPage = false }: { isIpickPage?: boolean } = {},
  ) {
    const holder = await this.#keys.authenticate(rawKey, 'publishable');
    const rows = await this.#repository.listDomains(holder.businessId);
    const verified = rows.filter((row) => row.verified_at !== null).map((row) => row.domain);
    if (!isIpickPage && !isOriginAllowed(origin, verified, { allowHttp: this.#allowHttp })) {
      throw new AppError(
        'forbidden',
        origin
          ? `Origin ${origin} is not a verified domain of this business.`
          : 'Browser events need an Origin header: publishable keys are for web pages.',
      );
    }
    const business = await this.#repository.findBusiness(holder.businessId);
    return {
      businessId: holder.businessId,
      origin: origin!,
      domains: [business!.domain.toLowerCase(), ...rows.map((row) => row.domain)],
      isTest: isIpickPage,
    } satisfies BrowserSender;
  }

  /** Whether some business verified the domain of `origin` (CORS preflights carry no key). */
  async isVerifiedOrigin(origin: string | undefined): Promise<boolean> {
    if (!origin) return false;
    const host = domainOfUrl(origin, { allowHttp: this.#allowHttp });
    if (host === null) return false;
    const labels = host.split('.');
    const candidates = labels.map((_, index) => labels.slice(index).join('.'));
    return this.#repository.hasVerifiedDomain(candidates);
  }

  /**
   * Records an event from an authorised page. A `purchase` with an order id also records a
   * browser sale, once per order id, unless it is a test event (`test` in the answer).
   * `forbidden` when `businessDomain` is neither a domain of the business nor a subdomain of
   * one (the rule the page's origin is held to). The event is stored by business, so which
   * of the business's domains it named is not kept.
   */
  async recordEvent(
    sender: BrowserSender,
    body: TrackEventRequest,
  ): Promise<{ eventId: string; test?: true; conversion?: { id: string; duplicate: boolean } }> {
    if (!sender.domains.some((domain) => isCoveredBy(body.businessDomain, domain))) {
      throw new AppError(
        'forbidden',
        `body.businessDomain: ${body.businessDomain} is not a domain of this key's business`,
      );
    }
    const receivedAt = this.#now();
    const data = body.eventData;
    const occurredAt = plausibleTime(data.timestamp, receivedAt);
    const eventId = randomUUID();
    await this.#repository.insertEvent({
      id: eventId,
      business_id: sender.businessId,
      event_type: body.eventType,
      event_data: JSON.stringify(data),
      occurred_at: occurredAt,
      received_at: receivedAt,
      session_id: data.sessionId ?? null,
      user_id: data.userId ?? null,
      url: data.url ?? null,
      referral_id: data.referralId ?? null,
      click_id: data.clickId ?? null,
      visitor_id: data.visitorId ?? null,
      is_test: sender.isTest,
    });
    if (sender.isTest) return { eventId, test: true };
    if (body.eventType !== 'purchase' || !data.orderId) return { eventId };
    // A reloaded thank-you page sends its purchase again; the page cannot act on a conflict,
    // so a repeat of the order id is answered as a duplicate whatever it says.
    const { duplicate, conversion } = await this.#insertConversion({
      id: randomUUID(),
      business_id: sender.businessId,
      kind: 'sale',
      order_id: data.orderId,
      amount_minor: data.amountMinor ?? 0,
      currency: data.currency ?? null,
      click_id: data.clickId ?? null,
      referral_id: data.referralId ?? null,
      visitor_id: data.visitorId ?? null,
      session_id: data.sessionId ?? null,
      source: 'browser',
      occurred_at: occurredAt,
      received_at: receivedAt,
    });
    return { eventId, conversion: { id: conversion.id, duplicate } };
  }

  /**
   * Records a lead, sale or refund from a merchant's server (secret key). The same conversion
   * sent again (same kind, order id and refund id, same amount and currency) records nothing
   * and answers `duplicate`; the same order id with other data is a `conflict` naming what
   * differs. A refund needs the sale of its order id (`not_found`), in its currency, and all
   * refunds of the order together may not exceed the sale (`invalid_request`); it inherits
   * the sale's click, referral, visitor and session ids. Without a `refundId` a refund is the
   * order's only one.
   */
  async recordConversion(
    rawKey: string | undefined,
    body: ConversionRequest,
  ): Promise<RecordedConversion> {
    // A suspended shop sends no new leads or sales, but its refunds still come in: a sale ipick
    // credited before the suspension must not stay counted once it is given back.
    const { businessId } = await this.#keys.authenticate(rawKey, 'secret', {
      allowSuspended: body.kind === 'refund',
    });
    const receivedAt = this.#now();
    const occurredAt = body.occurredAt ? new Date(body.occurredAt) : receivedAt;
    if (occurredAt.getTime() > receivedAt.getTime() + EVENT_CLOCK_AHEAD_MS) {
      throw new AppError('invalid_request', 'body.occurredAt: must not be in the future');
    }
    if (receivedAt.getTime() - occurredAt.getTime() > CONVERSION_MAX_AGE_MS) {
      throw new AppError('invalid_request', 'body.occurredAt: must be within the last 400 days');
    }
    const row = (inherited?: ConversionRow): NewConversion => ({
      id: randomUUID(),
      business_id: businessId,
      kind: body.kind,
      order_id: body.orderId,
      refund_id: body.refundId ?? '',
      amount_minor: body.amountMinor ?? 0,
      currency: body.currency ?? null,
      click_id: body.clickId ?? inherited?.click_id ?? null,
      referral_id: body.referralId ?? inherited?.referral_id ?? null,
      visitor_id: body.visitorId ?? inherited?.visitor_id ?? null,
      session_id: body.sessionId ?? inherited?.session_id ?? null,
      source: 'server',
      occurred_at: occurredAt,
      received_at: receivedAt,
    });
    if (body.kind !== 'refund') {
      const conversion = row();
      const recorded = await this.#insertConversion(conversion);
      if (recorded.duplicate) assertSameConversion(recorded.conversion, conversion);
      return recorded;
    }
    return this.#repository.transaction(async (repository) => {
      // The sale stays locked until the refund is written: see `lockSale`.
      const sale = await repository.lockSale(businessId, body.orderId);
      if (!sale) {
        throw new AppError(
          'not_found',
          `body.orderId: there is no sale with order id ${body.orderId}`,
        );
      }
      if (sale.currency !== body.currency) {
        throw new AppError(
          'invalid_request',
          `body.currency: the sale of order ${body.orderId} was in ${sale.currency}`,
        );
      }
      const refund = row(sale);
      const earlier = await repository.findConversion(
        businessId,
        'refund',
        body.orderId,
        refund.refund_id,
      );
      if (earlier) {
        const conversion = toConversion(earlier);
        assertSameConversion(conversion, refund);
        return { duplicate: true, conversion };
      }
      const saleMinor = Number(sale.amount_minor);
      const refundedMinor = await repository.sumRefunds(businessId, body.orderId);
      const leftMinor = saleMinor - refundedMinor;
      if (Number(refund.amount_minor) > leftMinor) {
        throw new AppError('invalid_request', tooMuchRefunded(body, saleMinor, refundedMinor));
      }
      const inserted = await repository.insertConversion(refund);
      return { duplicate: false, conversion: toConversion(inserted!) };
    });
  }

  async #insertConversion(row: NewConversion): Promise<RecordedConversion> {
    const inserted = await this.#repository.insertConversion(row);
    if (inserted) return { duplicate: false, conversion: toConversion(inserted) };
    const earlier = await this.#repository.findConversion(
      row.business_id,
      row.kind,
      row.order_id,
      row.refund_id,
    );
    return { duplicate: true, conversion: toConversion(earlier!) };
  }

  async #merchantOf(domain: string): Promise<BusinessRow> {
    const business = await this.#repository.findBusinessByDomain(domain);
    if (!business) throw new AppError('not_found', `${domain} is not a merchant on ipick`);
    if (business.status === 'suspended') {
      throw new AppError('forbidden', `${domain} is not taking referrals through ipick right now`);
    }
    return business;
  }

  /** The business's own domain and its verified ones (or all it listed). */
  async #domainsOf(business: BusinessRow, options: { verifiedOnly: boolean }): Promise<string[]> {
    const rows = await this.#repository.listDomains(business.id);
    const listed = rows
      .filter((row) => !options.verifiedOnly || row.verified_at !== null)
      .map((row) => row.domain);
    return [business.domain.toLowerCase(), ...listed];
  }
}

/** The page's time when it is within reason; a wrong clock must not rewrite history. */
function plausibleTime(timestamp: string | null | undefined, receivedAt: Date): Date {
  if (!timestamp) return receivedAt;
  const at = new Date(timestamp);
  const delta = at.getTime() - receivedAt.getTime();
  return delta > EVENT_CLOCK_AHEAD_MS || delta < -EVENT_CLOCK_BEHIND_MS ? receivedAt : at;
}

/**
 * A repeat of a recorded conversion must say what the first one said: a retry is fine, but an
 * order id sent again with another amount or currency is a mistake the shop should hear of
 * (`conflict`), not a silent success. When and through which ids it happened may differ.
 */
function assertSameConversion(earlier: Conversion, repeat: NewConversion): void {
  const isSame =
    earlier.amountMinor === Number(repeat.amount_minor) &&
    earlier.currency === (repeat.currency ?? null);
  if (isSame) return;
  const was = `a ${earlier.kind} ${withAmount(earlier.amountMinor, earlier.currency)}`;
  const amount = Number(repeat.amount_minor);
  const says =
    (repeat.currency ?? null) === null && amount === 0
      ? 'this one has no amount'
      : `this one says ${describeAmount(amount, repeat.currency ?? null)}`;
  if (earlier.kind === 'refund' && earlier.refundId === undefined) {
    throw new AppError(
      'conflict',
      `body.orderId: order ${earlier.orderId} already has a refund ` +
        `${withAmount(earlier.amountMinor, earlier.currency)}; ${says}. To record another ` +
        'refund of the order, send a refundId (your own id of the refund) with each refund.',
    );
  }
  if (earlier.kind === 'refund') {
    throw new AppError(
      'conflict',
      `body.refundId: ${earlier.refundId} of order ${earlier.orderId} was already recorded as ` +
        `${was}; ${says}`,
    );
  }
  throw new AppError(
    'conflict',
    `body.orderId: ${earlier.orderId} was already recorded as ${was}; ${says}`,
  );
}

/** 'of 10.00 USD', or 'with no amount' for a lead sent without one. */
function withAmount(amountMinor: number, currency: string | null): string {
  return currency === null && amountMinor === 0
    ? 'with no amount'
    : `of ${describeAmount(amountMinor, currency)}`;
}

/** Why a refund is refused: it is more than what is left of its sale after earlier refunds. */
function tooMuchRefunded(body: ConversionRequest, saleMinor: number, refundedMinor: number) {
  const currency = body.currency ?? null;
  const sale = `a sale of ${describeAmount(saleMinor, currency)}`;
  if (refundedMinor >= saleMinor) {
    return `body.amountMinor: order ${body.orderId} (${sale}) is refunded in full already; nothing is left to refund`;
  }
  const left = describeAmount(saleMinor - refundedMinor, currency);
  const refunded =
    refundedMinor > 0 ? `, ${describeAmount(refundedMinor, currency)} refunded already` : '';
  return (
    `body.amountMinor: ${describeAmount(body.amountMinor ?? 0, currency)} is more than the ` +
    `${left} left to refund of order ${body.orderId} (${sale}${refunded})`
  );
}

/** '10.00 USD', '500 JPY'; a lead recorded before currencies were required has none. */
function describeAmount(amountMinor: number, currency: string | null): string {
  if (currency === null) return `${amountMinor} minor units`;
  const exponent = currencyExponent(currency);
  return `${(amountMinor / 10 ** exponent).toFixed(exponent)} ${currency}`;
}
