import { randomUUID } from 'node:crypto';
import {
  PRICE_ALERTS_LIMIT,
  type CreatePriceAlertRequest,
  type PriceAlert,
  type PriceAlertUnsubscribeInfo,
  type UpdatePriceAlertRequest,
} from '@ipick/contracts';
import { formatMoney, REDIRECT_PATH } from '@ipick/core';
import { AppError } from '../../platform/errors.ts';
import type { MailMessage } from '../../platform/mailer/mailer.ts';
import { priceAlertEmail } from './price-alert-email.ts';
import type { PriceAlertRow, PriceAlertsRepository } from './price-alerts-repository.ts';
import { UnsubscribeTokens } from './unsubscribe-tokens.ts';

export interface PriceAlertsOptions {
  sendMail: (message: MailMessage) => Promise<void>;
  /** Where shoppers reach ipick; the email's links point here. */
  publicUrl: string;
  /** A failed email or check is logged here; an import or page read never fails because of it. */
  onBackgroundError: (error: unknown) => void;
  limit?: number;
}

/** The web app's page where an emailed unsubscribe link lands. */
export const UNSUBSCRIBE_PATH = '/alerts/unsubscribe';

/** How many offer ids one check statement takes; an import reprices a few thousand at most. */
const CHECK_CHUNK = 5000;

/**
 * Price-drop alerts: a signed-in shopper's "tell me when this offer is at or below $X", checked
 * whenever an import or a page read reprices offers. An alert fires once (one email) and waits
 * until the offer's total has gone back above the mark before it can fire again.
 */
export class PriceAlertsService {
  readonly #repository: PriceAlertsRepository;
  readonly #options: PriceAlertsOptions;
  readonly #tokens: UnsubscribeTokens;
  readonly #limit: number;

  constructor(repository: PriceAlertsRepository, options: PriceAlertsOptions) {
    this.#repository = repository;
    this.#options = options;
    this.#limit = options.limit ?? PRICE_ALERTS_LIMIT;
    this.#tokens = new UnsubscribeTokens((candidate) =>
      repository.ensureUnsubscribeSecret(candidate),
    );
  }

  async list(userId: string): Promise<PriceAlert[]> {
    return (await this.#repository.listForUser(userId)).map(toPriceAlert);
  }

  /**
   * Makes the alert, or moves the mark of the shopper's alert on the same offer. The mark must
   * be below the offer's total now: an alert that would fire at once tells the shopper nothing.
   */
  async create(
    userId: string,
    request: CreatePriceAlertRequest,
  ): Promise<{ alert: PriceAlert; created: boolean }> {
    const offer = await this.#repository.findOffer(request.offerId);
    if (!offer) throw new AppError('not_found', 'That offer is no longer in ipick’s catalog.');
    if (offer.currency === null || offer.price_minor === null) {
      throw new AppError(
        'invalid_request',
        'This shop shows no price for the offer, so ipick cannot watch it for a drop.',
      );
    }
    checkMark(request.targetMinor, offer.price_minor + (offer.shipping_minor ?? 0), offer.currency);
    const existing = await this.#repository.findByOffer(userId, offer.id);
    if (existing) {
      await this.#repository.update(userId, existing.id, {
        targetMinor: request.targetMinor,
        isPaused: false,
        ...(request.path ? { path: request.path } : {}),
      });
      return { alert: await this.#get(userId, existing.id), created: false };
    }
    const id = randomUUID();
    const added = await this.#repository.insertWithinLimit(
      {
        id,
        user_id: userId,
        offer_id: offer.id,
        target_minor: request.targetMinor,
        currency: offer.currency,
        title: offer.title,
        retailer_name: offer.retailer_name,
        path: request.path ?? null,
      },
      this.#limit,
    );
    if (!added) {
      // Another request made the same alert just now, or the list is full.
      const raced = await this.#repository.findByOffer(userId, offer.id);
      if (raced) return { alert: await this.#get(userId, raced.id), created: false };
      throw new AppError(
        'conflict',
        `You can keep up to ${this.#limit} price alerts. Remove some on your Alerts page to add more.`,
      );
    }
    return { alert: await this.#get(userId, id), created: true };
  }

  async update(userId: string, id: string, changes: UpdatePriceAlertRequest): Promise<PriceAlert> {
    if (changes.targetMinor !== undefined) {
      const current = await this.#get(userId, id);
      if (current.currentTotalMinor !== null) {
        checkMark(changes.targetMinor, current.currentTotalMinor, current.currency);
      }
    }
    if (!(await this.#repository.update(userId, id, changes))) throw notYours();
    return this.#get(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.#repository.delete(userId, id))) throw notYours();
  }

  /** What an emailed unsubscribe link would stop; 404 when the alert is already gone. */
  async describeUnsubscribe(token: string): Promise<PriceAlertUnsubscribeInfo> {
    const alert = await this.#repository.findById(await this.#alertIdOf(token));
    if (!alert) throw alreadyRemoved();
    return {
      title: alert.title,
      retailerName: alert.retailer_name,
      targetMinor: alert.target_minor,
      currency: alert.currency,
    };
  }

  /** Removes the alert of an emailed unsubscribe link; no sign-in needed, the token is signed. */
  async unsubscribe(token: string): Promise<void> {
    if (!(await this.#repository.delete(null, await this.#alertIdOf(token)))) {
      throw alreadyRemoved();
    }
  }

  /**
   * Re-arms alerts whose offer went back above the mark and fires those now at or below it,
   * one email each. `offerIds` limits the check to offers that just changed; null checks all.
   * Resolves once every email was handed to the mailer; a failed email is reported, not retried
   * (the alert stays fired: a shopper gets at most one email per drop).
   */
  async check(offerIds: string[] | null = null, at: Date = new Date()): Promise<number> {
    const chunks =
      offerIds === null
        ? [null]
        : Array.from({ length: Math.ceil(offerIds.length / CHECK_CHUNK) }, (_, index) =>
            offerIds.slice(index * CHECK_CHUNK, (index + 1) * CHECK_CHUNK),
          );
    let sent = 0;
    for (const chunk of chunks) {
      await this.#repository.rearm(chunk);
      const fired = await this.#repository.fire(chunk, at);
      for (const alert of fired) {
        if (!alert.email) continue;
        const message = priceAlertEmail(alert, alert.email, {
          offer: this.#offerLink(alert.offer_id),
          unsubscribe: `${this.#options.publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(await this.#tokens.sign(alert.id))}`,
          alerts: `${this.#options.publicUrl}/alerts`,
        });
        try {
          await this.#options.sendMail(message);
          sent++;
        } catch (error) {
          this.#options.onBackgroundError(error);
        }
      }
    }
    return sent;
  }

  /** Checks in the background: an import or a page read must not wait for emails. */
  checkSoon(offerIds: string[] | null): void {
    this.check(offerIds).catch((error: unknown) => this.#options.onBackgroundError(error));
  }

  /** The signed unsubscribe token of an alert (the demo and tests make links with it). */
  unsubscribeToken(alertId: string): Promise<string> {
    return this.#tokens.sign(alertId);
  }

  /** The tracked redirect the results page uses, marked as coming from the alert email. */
  #offerLink(offerId: string): string {
    const params = new URLSearchParams({
      offer: offerId,
      utm_medium: 'email',
      utm_campaign: 'price_alert',
      from: '/alerts',
    });
    return `${this.#options.publicUrl}${REDIRECT_PATH}?${params.toString()}`;
  }

  async #alertIdOf(token: string): Promise<string> {
    const alertId = await this.#tokens.verify(token);
    if (alertId === null) {
      throw new AppError(
        'invalid_request',
        'token: this unsubscribe link is not valid. Open it from the email again, or sign in to manage your alerts.',
      );
    }
    return alertId;
  }

  async #get(userId: string, id: string): Promise<PriceAlert> {
    const row = await this.#repository.findForUser(userId, id);
    if (!row) throw notYours();
    return toPriceAlert(row);
  }
}

/** A mark at or above the total now would fire at once and tell the shopper nothing. */
function checkMark(targetMinor: number, totalMinor: number, currency: string): void {
  if (targetMinor >= totalMinor) {
    throw new AppError(
      'invalid_request',
      `targetMinor: the offer is ${formatMoney(totalMinor, currency)} now; pick a lower price to be told when it drops.`,
    );
  }
}

function notYours(): AppError {
  return new AppError('not_found', 'That price alert is not in your list.');
}

function alreadyRemoved(): AppError {
  return new AppError('not_found', 'This price alert was already removed.');
}

function toPriceAlert(row: PriceAlertRow): PriceAlert {
  return {
    id: row.id,
    offerId: row.offer_id,
    title: row.title,
    retailerName: row.retailer_name,
    url: row.url,
    path: row.path,
    targetMinor: row.target_minor,
    currency: row.currency,
    currentTotalMinor:
      row.current_currency === row.currency && row.current_total_minor !== null
        ? Number(row.current_total_minor)
        : null,
    isPaused: row.is_paused,
    isArmed: row.is_armed,
    fireCount: row.fire_count,
    lastFiredAt: row.last_fired_at?.toISOString() ?? null,
    lastFiredTotalMinor: row.last_fired_total_minor,
    createdAt: row.created_at.toISOString(),
  };
}
