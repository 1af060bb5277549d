import { createHmac, hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  REFERRAL_LANDING_PARAMETER,
  redirectTargetSchema,
  type RedirectQuery,
} from '@ipick/contracts';
import {
  addAffiliateId,
  buildOutboundUrl,
  createReferralId,
  findRetailerByHost,
  isRetailerKey,
  normalizeRetailerHost,
  PLACEHOLDER_AFFILIATE_IDS,
  redirectPath,
  type AffiliateIds,
} from '@ipick/core';
import { AppError } from '../../platform/errors.ts';
import { ClickLedger, type ClickLedgerOptions } from './click-ledger.ts';
import type {
  BusinessMatch,
  NewClick,
  OfferDestination,
  ReferralRepository,
  RetailerMatch,
} from './referral-repository.ts';
import type { ClickVisitor } from './visitor.ts';

export interface ReferralServiceOptions {
  ledger?: ClickLedgerOptions;
  /** How long a host's retailer and business are remembered; they change rarely. */
  hostCacheMs?: number;
  now?: () => Date;
}

/** Where a click goes and whether ipick vouches for the destination. */
export interface FollowResult {
  /** The destination, re-serialised by the URL parser (safe for a `Location` header). */
  location: string;
  /**
   * True for known retailers, active merchants' domains, catalog offers and links ipick signed:
   * answered with a 302. Anything else gets the "You are leaving ipick" page.
   */
  isTrusted: boolean;
  /** Set when the click could not be written; the visitor is still sent on (spec §8). */
  recordError: unknown;
}

interface DaySalt {
  /** The UTC day, as milliseconds since the epoch: from `startsAt` up to `endsAt`. */
  startsAt: number;
  endsAt: number;
  value: Promise<string>;
  known: string | null;
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
  readonly #hostCacheMs: number;
  readonly #now: () => Date;
  readonly #hostCache = new Map<string, { expiresAt: number; owners: Promise<HostOwners> }>();
  /** The UTC day's salt: `known` once read, so that a click need not wait on a promise. */
  #salt: DaySalt | null = null;
  #affiliateIds: { expiresAt: number; ids: Promise<AffiliateIds> } | null = null;
  #secret: Promise<Buffer> | null = null;

  constructor(repository: ReferralRepository, options: ReferralServiceOptions = {}) {
    this.#repository = repository;
    this.#ledger = new ClickLedger((rows) => repository.insertClicks(rows), options.ledger);
    this.#hostCacheMs = options.hostCacheMs ?? 5000;
    this.#now = options.now ?? (() => new Date());
  }

  /** Rows and INSERT statements the ledger has written (for tests and benchmarks). */
  get ledgerStats() {
    return this.#ledger.stats;
  }

  /**
   * Follows one redirect request: checks the signature and offer, records the click (committed
   * before this resolves, unless writing failed) and says where to send the visitor. Throws
   * `invalid_request` for a signature that does not match and `not_found` for an unknown offer
   * without `to`; neither records a click.
   */
  async follow(
    query: RedirectQuery,
    visitor: ClickVisitor,
    userId: string | null,
  ): Promise<FollowResult> {
    const isSigned = query.sig !== undefined && query.to !== undefined;
    if (isSigned && !(await this.#verify(query.to!, query.sig!))) {
      throw new AppError('invalid_request', 'sig: the signature does not match this link');
    }
    const offer = query.offer ? await this.#repository.findOfferDestination(query.offer) : null;
    if (query.to === undefined && offer === null) {
      throw new AppError('not_found', 'offer: there is no offer with that id');
    }

    let destination: URL;
    let owners: HostOwners;
    if (query.to !== undefined) {
      destination = new URL(query.to);
      // A named retailer's link carries ipick's affiliate id (an admin's change applies at once).
      addAffiliateId(destination, await this.affiliateIds());
      owners = await this.#ownersOf(destination);
    } else {
      // The outbound link of a catalog offer (spec §9): affiliate id, ref, UTM and session.
      const offerUrl = new URL(offer!.url);
      owners = await this.#ownersOf(offerUrl);
      destination = new URL(
        buildOutboundUrl({
          target: offerUrl.href,
          utm: {
            source: query.utm_source,
            medium: query.utm_medium,
            campaign: query.utm_campaign,
            term: query.utm_term,
            content: query.utm_content,
          },
          sessionId: query.session_id ?? '',
          businessDomain: owners.business?.domain,
          productName: offer!.productName,
          affiliateIds: affiliateIdsFor(offer!),
        }),
      );
    }

    const host = normalizeRetailerHost(destination.hostname);
    const isTrusted =
      isSigned ||
      (offer !== null && query.to === undefined) ||
      findRetailerByHost(host) !== null ||
      owners.retailer?.isFed === true ||
      owners.business !== null;

    let recordError: unknown = null;
    try {
      const now = this.#now();
      const daySalt = this.#daySalt(now);
      const salt = typeof daySalt === 'string' ? daySalt : await daySalt;
      await this.#ledger.record(
        this.#buildClick(query, visitor, userId, destination, host, owners, offer, now, salt),
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
    const now = Date.now();
    if (this.#affiliateIds && this.#affiliateIds.expiresAt > now) return this.#affiliateIds.ids;
    const ids = this.#readAffiliateIds();
    const entry = { expiresAt: now + this.#hostCacheMs, ids };
    this.#affiliateIds = entry;
    ids.catch(() => {
      if (this.#affiliateIds === entry) this.#affiliateIds = null;
    });
    return ids;
  }

  /** Drops the remembered affiliate ids (an admin changed one). */
  forgetAffiliateIds(): void {
    this.#affiliateIds = null;
  }

  async #readAffiliateIds(): Promise<AffiliateIds> {
    const ids: Record<string, string> = { ...PLACEHOLDER_AFFILIATE_IDS };
    for (const { key, affiliateId } of await this.#repository.findAffiliateIds()) {
      if (isRetailerKey(key)) ids[key] = affiliateId;
    }
    return ids;
  }

  /** Writes the clicks still waiting; called when the app closes. */
  close(): Promise<void> {
    return this.#ledger.close();
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
    // The visit's UTM values come with the redirect; links built by buildOutboundUrl carry them
    // (or ipick's defaults) in the destination.
    const tracking = (name: TrackingName) =>
      (query[name] ?? params.get(name))?.slice(0, SESSION_ID_MAX_LENGTH) || null;
    return {
      id: randomUUID(),
      occurred_at: now,
      target_url: destination.href,
      target_host: host,
      retailer_id: offer?.retailerId ?? owners.retailer?.id ?? null,
      offer_id: offer?.offerId ?? null,
      product_id: offer?.productId ?? null,
      business_id: owners.business?.id ?? null,
      session_id: tracking('session_id'),
      user_id: userId,
      utm_source: tracking('utm_source'),
      utm_medium: tracking('utm_medium'),
      utm_campaign: tracking('utm_campaign'),
      utm_term: tracking('utm_term'),
      utm_content: tracking('utm_content'),
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
  #ownersOf(url: URL): Promise<HostOwners> {
    // The port matters to merchants (a shop verified on one), not to retailers.
    const key = url.host.toLowerCase();
    const now = Date.now();
    const cached = this.#hostCache.get(key);
    if (cached && cached.expiresAt > now) return cached.owners;
    const owners = this.#lookUpOwners(normalizeRetailerHost(url.hostname), key);
    if (this.#hostCache.size >= HOST_CACHE_SIZE) this.#hostCache.clear();
    this.#hostCache.set(key, { expiresAt: now + this.#hostCacheMs, owners });
    owners.catch(() => this.#hostCache.delete(key));
    return owners;
  }

  async #lookUpOwners(retailerHost: string, hostWithPort: string): Promise<HostOwners> {
    const [retailer, business] = await Promise.all([
      this.#repository.findRetailer(retailerHost, findRetailerByHost(retailerHost)),
      this.#repository.findActiveBusiness(hostWithPort),
    ]);
    return { retailer, business };
  }

  /** The salt of `now`'s UTC day: at once when already read, else once it is (made and) read. */
  #daySalt(now: Date): string | Promise<string> {
    const time = now.getTime();
    // Compared as numbers: formatting the date for every click cost more than the hash.
    if (this.#salt === null || time < this.#salt.startsAt || time >= this.#salt.endsAt) {
      const startsAt = time - (time % DAY_MS);
      const day = new Date(startsAt).toISOString().slice(0, 10);
      const entry: DaySalt = {
        startsAt,
        endsAt: startsAt + DAY_MS,
        value: this.#repository.ensureDailySalt(day, randomBytes(32).toString('base64url')),
        known: null,
      };
      this.#salt = entry;
      entry.value.then(
        (salt) => (entry.known = salt),
        () => {
          if (this.#salt === entry) this.#salt = null;
        },
      );
    }
    return this.#salt.known ?? this.#salt.value;
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
