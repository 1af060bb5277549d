import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  REFERRAL_LANDING_PARAMETER,
  redirectTargetSchema,
  type RedirectQuery,
} from '@ipick/contracts';
import {
  addAffiliateId,
  addMissingOutboundParameters,
  buildOutboundUrl,
  createReferralId,
  findRetailerByHost,
  isRetailerKey,
  normalizeRetailerHost,
  PLACEHOLDER_AFFILIATE_IDS,
  redirectPath,
  type AffiliateIds,
  type RetailerKey,
  type UtmValues,
} from '@ipick/core';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.ts';
import { AppError } from '../../platform/errors.ts';
import { clickId } from './click-id.ts';
import { ClickLedger, type ClickLedgerOptions } from './click-ledger.ts';
import { ClickThrottle, type ClickThrottleOptions } from './click-throttle.ts';
import type {
  BusinessMatch,
  NewClick,
  OfferDestination,
  ReferralRepository,
  RetailerMatch,
} from './referral-repository.ts';
import type { ClickVisitor } from './visitor.ts';

/** Where a click is made durable before its redirect is answered. */
export interface ClickRecorder {
  /** Resolves once the click is durable; rejects if it could not be kept. */
  record(click: NewClick): Promise<void>;
  close(): Promise<void>;
}

export interface ReferralServiceOptions {
  ledger?: ClickLedgerOptions;
  /**
   * The click journal (modules/click-journal), which keeps clicks on local disk and ships them
   * to the ledger later; without it each click is committed in the ledger (group commit).
   */
  recorder?: ClickRecorder;
  /** Per-address rate and repeat window of clicks counted as a person's. */
  throttle?: ClickThrottleOptions;
  /** How long a host's retailer and business are remembered; they change rarely. */
  hostCacheMs?: number;
  now?: () => Date;
}

/** Where a click goes and whether ipick vouches for the destination. */
export interface FollowResult {
  /** The destination, re-serialised by the URL parser (safe for a `Location` header). */
  location: string;
  /**
   * True for named retailers, listed shops, active merchants' domains and links ipick signed:
   * answered with a 302. Anything else (offers included) gets the "You are leaving ipick" page.
   */
  isTrusted: boolean;
  /** Set when the click could not be written; the visitor is still sent on (spec §8). */
  recordError: unknown;
}

/**
 * A value read from the database and remembered until `expiresAt` (ms since the epoch). Once
 * read it is `known`, so that a click can use it at once: every `await` costs the redirect a
 * turn of the event loop.
 */
interface Remembered<T> {
  expiresAt: number;
  value: Promise<T>;
  known?: T;
}

/** Makes `entry` known once its value is read; `onFailure` runs if reading it fails. */
function remember<T, Entry extends Remembered<T>>(entry: Entry, onFailure: () => void): Entry {
  entry.value.then((known) => (entry.known = known), onFailure);
  return entry;
}

/** What a destination's host is to ipick: its retailer and merchant, read and remembered. */
interface HostEntry extends Remembered<HostOwners> {
  /** The host as retailers are matched and clicks record it (lower case, no `www.`). */
  host: string;
  /** The named retailer of spec §9 that serves the host, if any. */
  namedRetailer: RetailerKey | null;
}

/** The salt of one UTC day, from `startsAt` (ms since the epoch) until `expiresAt`. */
interface DaySalt extends Remembered<string> {
  startsAt: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface HostOwners {
  retailer: RetailerMatch | null;
  business: BusinessMatch | null;
}

const SESSION_ID_MAX_LENGTH = 200;
const HOST_CACHE_SIZE = 5000;
type TrackingName = 'session_id' | `utm_${'source' | 'medium' | 'campaign' | 'term' | 'content'}`;

/**
 * Outbound links and the click ledger (spec §1, §7, §9): follows `/api/redirect`, records every
 * click through a group-commit ledger before answering, and signs links ipick hands out.
 */
export class ReferralService {
  readonly #repository: ReferralRepository;
  readonly #ledger: ClickLedger<NewClick>;
  readonly #recorder: ClickRecorder;
  readonly #throttle: ClickThrottle;
  readonly #hostCacheMs: number;
  readonly #now: () => Date;
  readonly #hostCache = new Map<string, HostEntry>();
  #salt: DaySalt | null = null;
  #affiliateIds: Remembered<AffiliateIds> | null = null;
  #secret: Promise<Buffer> | null = null;
  /** What the database last said, for the redirect to go on with during an outage. */
  readonly #lastKnownOwners = new Map<string, HostOwners>();
  #lastKnownAffiliateIds: AffiliateIds | null = null;

  constructor(repository: ReferralRepository, options: ReferralServiceOptions = {}) {
    this.#repository = repository;
    this.#ledger = new ClickLedger((rows) => repository.insertClicks(rows), options.ledger);
    this.#recorder = options.recorder ?? this.#ledger;
    this.#throttle = new ClickThrottle(options.throttle);
    this.#hostCacheMs = options.hostCacheMs ?? 5000;
    this.#now = options.now ?? (() => new Date());
  }

  /** Rows and INSERT statements the ledger has written (for tests and benchmarks). */
  get ledgerStats() {
    return this.#ledger.stats;
  }

  /**
   * Follows one redirect request: checks the signature and offer, records the click (durable,
   * in the ledger or the click journal, before this resolves, unless writing failed) and says
   * where to send the visitor. Throws `invalid_request` for a signature that does not match and
   * `not_found` for an unknown offer without `to`; neither records a click. `parsedTo` is
   * `query.to` already parsed (the route parses it to check it); it is changed into the link.
   */
  async follow(
    query: RedirectQuery,
    visitor: ClickVisitor,
    userId: string | null,
    parsedTo?: URL,
  ): Promise<FollowResult> {
    const isSigned = query.sig !== undefined && query.to !== undefined;
    if (isSigned && !(await this.#verify(query.to!, query.sig!))) {
      throw new AppError('invalid_request', 'sig: the signature does not match this link');
    }
    const offer = query.offer ? await this.#findOffer(query.offer, query.to !== undefined) : null;
    if (query.to === undefined && offer === null) {
      throw new AppError('not_found', 'offer: there is no offer with that id');
    }

    let destination: URL;
    let hostOwners: HostEntry;
    let owners: HostOwners;
    if (query.to !== undefined) {
      destination = parsedTo ?? new URL(query.to);
      hostOwners = this.#ownersOf(destination);
      // A named retailer's link carries ipick's affiliate id (an admin's change applies at once).
      const affiliateIds = this.#rememberedAffiliateIds();
      const ids = affiliateIds.known ?? (await affiliateIds.value);
      addAffiliateId(destination, ids, hostOwners.namedRetailer);
      owners = hostOwners.known ?? (await hostOwners.value);
    } else {
      // The outbound link of a catalog offer (spec §9): affiliate id, ref, UTM and session.
      const offerUrl = new URL(offer!.url);
      hostOwners = this.#ownersOf(offerUrl); // the destination keeps the offer's host
      owners = await hostOwners.value;
      destination = new URL(
        buildOutboundUrl({
          target: offerUrl.href,
          utm: visitUtm(query),
          sessionId: query.session_id ?? '',
          businessDomain: owners.business?.domain,
          productName: offer!.productName,
          affiliateIds: affiliateIdsFor(offer!),
        }),
      );
    }

    const { host } = hostOwners;
    // A catalog offer is trusted by where it leads, like any link: an offer read from a pasted
    // page or fed by a merchant not approved yet gets the "leaving ipick" page too.
    const isKnownShop =
      hostOwners.namedRetailer !== null ||
      owners.retailer?.isListed === true ||
      owners.business !== null;
    const isTrusted = isSigned || isKnownShop;
    // Spec §9: a link to a retailer or merchant carries ipick's tracking parameters, also one
    // made elsewhere (ipick's own pages put them in already). Other destinations, signed ones
    // included, are left as they are.
    if (query.to !== undefined && isKnownShop) {
      addMissingOutboundParameters(destination, {
        utm: visitUtm(query),
        sessionId: query.session_id,
      });
    }

    const now = this.#now();
    // A merchant's snippet learns the referral from the landing address and quotes it with the
    // purchase (spec §7): a link that skipped the referral-tracking call (a pasted product's
    // "View at", the offer fallback when that call failed) gets the click's own referral id.
    if (owners.business !== null && referralIdOnLanding(destination, owners) === null) {
      destination.searchParams.set(
        REFERRAL_LANDING_PARAMETER,
        createReferralId(owners.business.domain, now.getTime()),
      );
    }

    // Still redirected, but kept out of merchants' figures: too many clicks from one address,
    // or the same link again at once. Bots already flagged are not counted.
    const throttled = visitor.isBot
      ? null
      : this.#throttle.judge(visitor, query.to ?? `offer:${query.offer}`, now.getTime());
    const clicker =
      throttled === null ? visitor : { ...visitor, isBot: true, botReason: throttled };

    let recordError: unknown = null;
    try {
      const daySalt = this.#daySalt(now.getTime());
      const salt = daySalt.known ?? (await daySalt.value);
      await this.#recorder.record(
        this.#buildClick(query, clicker, userId, destination, host, owners, offer, now, salt),
      );
    } catch (error) {
      recordError = error;
    }
    return { location: destination.href, isTrusted, recordError };
  }

  /**
   * `/api/redirect?to=…&sig=…` for `target`: a link ipick vouches for, followed with a 302
   * whatever its host (for the comparison results to hand out).
   */
  async signRedirect(target: string): Promise<string> {
    const parsed = redirectTargetSchema.safeParse(target);
    if (!parsed.success) {
      throw new AppError('invalid_request', `to: ${parsed.error.issues[0]!.message}`);
    }
    return `${redirectPath(parsed.data)}&sig=${await this.#sign(parsed.data)}`;
  }

  /**
   * ipick's affiliate id per named retailer: the admin-set `retailers.affiliate_id`, else the
   * placeholder. Read once per host-cache period rather than per click; `forgetAffiliateIds`
   * makes an admin's change apply to the very next link in this process.
   */
  affiliateIds(): Promise<AffiliateIds> {
    return this.#rememberedAffiliateIds().value;
  }

  #rememberedAffiliateIds(): Remembered<AffiliateIds> {
    const now = Date.now();
    if (this.#affiliateIds && this.#affiliateIds.expiresAt > now) return this.#affiliateIds;
    const ids = this.#readAffiliateIds();
    // As for hosts: the ids known so far serve while they are read again (not after
    // `forgetAffiliateIds`, which drops them so an admin's change applies to the next link).
    const known = this.#affiliateIds?.known;
    const entry = remember(
      { expiresAt: now + this.#hostCacheMs, value: ids, ...(known ? { known } : {}) },
      () => {
        if (this.#affiliateIds === entry) this.#affiliateIds = null;
      },
    );
    this.#affiliateIds = entry;
    return entry;
  }

  /** Drops the remembered affiliate ids (an admin changed one). */
  forgetAffiliateIds(): void {
    this.#affiliateIds = null;
  }

  async #readAffiliateIds(): Promise<AffiliateIds> {
    const ids: Record<string, string> = { ...PLACEHOLDER_AFFILIATE_IDS };
    let rows;
    try {
      rows = await this.#repository.findAffiliateIds();
    } catch (error) {
      // An outage must not stop the visitor: the ids ipick last read, else the placeholders.
      if (!isDatabaseUnavailable(error)) throw error;
      return this.#lastKnownAffiliateIds ?? ids;
    }
    for (const { key, affiliateId } of rows) {
      if (isRetailerKey(key)) ids[key] = affiliateId;
    }
    this.#lastKnownAffiliateIds = ids;
    return ids;
  }

  /**
   * Reads now what following a link needs from the database (the signing secret, the
   * affiliate ids), so that a database outage later does not stop signed links. A failure here
   * is left for the first redirect to meet.
   */
  async prepare(): Promise<void> {
    await Promise.allSettled([this.#secretKey(), this.affiliateIds()]);
  }

  /** Writes the clicks still waiting; called when the app closes. */
  async close(): Promise<void> {
    await this.#recorder.close();
    if (this.#recorder !== this.#ledger) await this.#ledger.close();
  }

  #buildClick(
    query: RedirectQuery,
    visitor: ClickVisitor,
    userId: string | null,
    destination: URL,
    host: string,
    owners: HostOwners,
    offer: OfferDestination | null,
    now: Date,
    salt: string,
  ): NewClick {
    const params = destination.searchParams;
    return {
      id: clickId(now.getTime()),
      occurred_at: now,
      target_url: destination.href,
      target_host: host,
      retailer_id: offer?.retailerId ?? owners.retailer?.id ?? null,
      offer_id: offer?.offerId ?? null,
      product_id: offer?.productId ?? null,
      business_id: owners.business?.id ?? null,
      session_id: trackingValue(query, params, 'session_id'),
      user_id: userId,
      utm_source: trackingValue(query, params, 'utm_source'),
      utm_medium: trackingValue(query, params, 'utm_medium'),
      utm_campaign: trackingValue(query, params, 'utm_campaign'),
      utm_term: trackingValue(query, params, 'utm_term'),
      utm_content: trackingValue(query, params, 'utm_content'),
      page: query.from || visitor.referrer,
      referrer: visitor.referrer,
      device_type: visitor.deviceType,
      browser: visitor.browser,
      os: visitor.os,
      country: visitor.country,
      is_bot: visitor.isBot,
      bot_reason: visitor.botReason,
      ip_truncated: visitor.ipTruncated,
      identity_hash: identityHash(visitor, salt),
      referral_id:
        referralIdOnLanding(destination, owners) ??
        createReferralId(owners.business?.domain ?? host, now.getTime()),
    };
  }

  /** The retailer and active merchant of a destination's host, remembered for a few seconds. */
  #ownersOf(url: URL): HostEntry {
    // The port matters to merchants (a shop verified on one), not to retailers.
    const key = url.host.toLowerCase();
    const now = Date.now();
    const cached = this.#hostCache.get(key);
    if (cached && cached.expiresAt > now) return cached;
    const host = normalizeRetailerHost(url.hostname);
    const namedRetailer = findRetailerByHost(host);
    const owners = this.#lookUpOwners(host, namedRetailer, key);
    if (this.#hostCache.size >= HOST_CACHE_SIZE) this.#hostCache.clear();
    const expiresAt = now + this.#hostCacheMs;
    // Clicks go on with what was known while the host is read again, rather than each wait for
    // the database: during an outage that wait would be the connection timeout, every 5 s.
    const stale = cached?.known === undefined ? {} : { known: cached.known };
    const entry: HostEntry = remember(
      { expiresAt, value: owners, host, namedRetailer, ...stale },
      () => {
        if (this.#hostCache.get(key) === entry) this.#hostCache.delete(key);
      },
    );
    this.#hostCache.set(key, entry);
    return entry;
  }

  async #lookUpOwners(
    retailerHost: string,
    namedRetailer: RetailerKey | null,
    hostWithPort: string,
  ): Promise<HostOwners> {
    try {
      const [retailer, business] = await Promise.all([
        this.#repository.findRetailer(retailerHost, namedRetailer),
        this.#repository.findActiveBusiness(hostWithPort),
      ]);
      const owners = { retailer, business };
      if (this.#lastKnownOwners.size >= HOST_CACHE_SIZE) this.#lastKnownOwners.clear();
      this.#lastKnownOwners.set(hostWithPort, owners);
      return owners;
    } catch (error) {
      // In a database outage the visitor still goes on (spec §8): to what ipick last knew of
      // the host, and a named retailer is known without the database anyway.
      if (!isDatabaseUnavailable(error)) throw error;
      return this.#lastKnownOwners.get(hostWithPort) ?? { retailer: null, business: null };
    }
  }

  /**
   * The offer's destination. In a database outage a link that also names its address (`to`)
   * goes there; an offer alone cannot be followed, and the outage is the answer (503).
   */
  async #findOffer(offerId: string, hasAddress: boolean): Promise<OfferDestination | null> {
    try {
      return await this.#repository.findOfferDestination(offerId);
    } catch (error) {
      if (hasAddress && isDatabaseUnavailable(error)) return null;
      throw error;
    }
  }

  /** The salt of the UTC day of `time` (ms since the epoch), made and stored if need be. */
  #daySalt(time: number): DaySalt {
    // Compared as numbers: formatting the date for every click cost more than the hash.
    if (this.#salt === null || time < this.#salt.startsAt || time >= this.#salt.expiresAt) {
      const startsAt = time - (time % DAY_MS);
      const day = new Date(startsAt).toISOString().slice(0, 10);
      const salt = this.#repository.ensureDailySalt(day, randomBytes(32).toString('base64url'));
      const entry: DaySalt = remember(
        { startsAt, expiresAt: startsAt + DAY_MS, value: salt },
        () => {
          if (this.#salt === entry) this.#salt = null;
        },
      );
      this.#salt = entry;
    }
    return this.#salt;
  }

  #secretKey(): Promise<Buffer> {
    if (!this.#secret) {
      const secret = this.#repository
        .ensureRedirectSecret(randomBytes(32).toString('base64url'))
        .then((value) => Buffer.from(value, 'base64url'));
      secret.catch(() => {
        if (this.#secret === secret) this.#secret = null;
      });
      this.#secret = secret;
    }
    return this.#secret;
  }

  async #sign(target: string): Promise<string> {
    return createHmac('sha256', await this.#secretKey())
      .update(`redirect:${target}`)
      .digest('base64url');
  }

  async #verify(target: string, signature: string): Promise<boolean> {
    const expected = Buffer.from(await this.#sign(target));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/**
 * SHA-256 of address, user agent and the UTC day's random salt: the same visitor has the
 * same hash within a day, and once the salt is deleted nobody can recompute it (research §6.2).
 */
function identityHash(visitor: ClickVisitor, salt: string): string | null {
  if (!visitor.ip && !visitor.userAgent) return null;
  return hash('sha256', `${salt}\n${visitor.ip ?? ''}\n${visitor.userAgent ?? ''}`);
}

/**
 * A visit's UTM value or session id: it comes with the redirect, else from the destination
 * (links built by buildOutboundUrl carry the visit's values, or ipick's defaults).
 */
function trackingValue(
  query: RedirectQuery,
  destinationParams: URLSearchParams,
  name: TrackingName,
): string | null {
  return (query[name] ?? destinationParams.get(name))?.slice(0, SESSION_ID_MAX_LENGTH) || null;
}

/** The visit's UTM values, as the redirect was given them. */
function visitUtm(query: RedirectQuery): UtmValues {
  return {
    source: query.utm_source,
    medium: query.utm_medium,
    campaign: query.utm_campaign,
    term: query.utm_term,
    content: query.utm_content,
  };
}

/** The offer's retailer's admin-set id over the placeholders (spec §3). */
function affiliateIdsFor(offer: OfferDestination): AffiliateIds {
  if (!offer.affiliateId || !isRetailerKey(offer.retailerKey)) return PLACEHOLDER_AFFILIATE_IDS;
  return { ...PLACEHOLDER_AFFILIATE_IDS, [offer.retailerKey]: offer.affiliateId };
}

const REFERRAL_ID_PATTERN = /^aff_[a-z0-9]+_\d+_[a-z0-9]+$/i;

/**
 * The referral id a merchant's landing address already carries: the referral-tracking call put
 * it there before the shopper was sent through the redirect, so the click and the call are one
 * referral (and the merchant's snippet, which reads it, joins them to what follows).
 */
function referralIdOnLanding(destination: URL, owners: HostOwners): string | null {
  if (owners.business === null) return null;
  const id = destination.searchParams.get(REFERRAL_LANDING_PARAMETER);
  return id !== null && id.length <= 200 && REFERRAL_ID_PATTERN.test(id) ? id : null;
}
