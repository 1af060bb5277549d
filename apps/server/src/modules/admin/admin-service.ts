import { randomUUID } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE,
  BUSINESS_FIGURES_DAYS,
  type AdminAuditEntry,
  type AdminAuditResponse,
  type AdminBusiness,
  type AdminBusinessFiguresResponse,
  type AdminBusinessesResponse,
  type AdminFigures,
  type AdminOutboxResponse,
  type AdminOverviewResponse,
  type AdminRetailer,
  type AdminUser,
  type AdminUsersResponse,
  type AuditAction,
  type AuditTargetType,
  type BusinessStatus,
} from '@ipick/contracts';
import { isRetailerKey, PLACEHOLDER_AFFILIATE_IDS } from '@ipick/core';
import { AppError } from '../../platform/errors.ts';
import {
  type AdminBusinessRow,
  type AdminRepository,
  type AdminUserRow,
  type AuditRow,
  type NewAuditEntry,
  type RetailerRow,
} from './admin-repository.ts';
import { nextBusinessStatus, refuseSelfLockout, type BusinessAction } from './admin-policy.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An email to a merchant; the app's mailer sends it and records it in the outbox. */
export interface MerchantMail {
  to: string;
  subject: string;
  text: string;
}

export interface AdminServiceOptions {
  now?: () => Date;
  /** Told after an affiliate id changed, so outbound links stop using the old one. */
  onAffiliateIdsChanged?: () => void;
  /** Tells the merchant when their business is approved, suspended or reactivated. */
  sendMail?: (mail: MerchantMail) => Promise<void>;
  /** Where ipick is reached, for the dashboard link in those emails. */
  publicUrl?: string;
  onBackgroundError?: (error: unknown) => void;
}

/** Who is acting: the signed-in admin and the identity project their users live in. */
export interface AdminActor {
  userId: string;
  projectId: string;
}

const emptyFigures = (): AdminFigures => ({
  shoppers: 0,
  merchants: 0,
  comparisons: 0,
  clicks: 0,
  conversions: 0,
});

function windowOf(page: number) {
  return { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE };
}

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    isAdmin: Boolean(row.is_admin),
    isDisabled: Boolean(row.is_disabled),
    isMerchant: Boolean(row.is_merchant),
    signedUpAt: row.signed_up_at.toISOString(),
    lastActiveAt: row.last_active_at.toISOString(),
  };
}

export function toAdminBusiness(row: AdminBusinessRow): AdminBusiness {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    contactEmail: row.contact_email,
    status: row.status,
    suspensionReason: row.suspension_reason,
    suspendedAt: row.suspended_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toAdminRetailer(row: RetailerRow): AdminRetailer {
  const placeholder = isRetailerKey(row.key) ? PLACEHOLDER_AFFILIATE_IDS[row.key] : '';
  return {
    key: row.key,
    name: row.display_name,
    host: row.hosts[0] ?? row.key,
    affiliateParam: row.affiliate_param ?? '',
    affiliateId: row.affiliate_id,
    effectiveAffiliateId: row.affiliate_id ?? placeholder,
    isPlaceholder: row.affiliate_id === null,
    updatedAt: row.updated_at.toISOString(),
  };
}

function toAuditEntry(row: AuditRow): AdminAuditEntry {
  return {
    id: row.id,
    adminUserId: row.admin_user_id,
    adminEmail: row.admin_email,
    action: row.action as AuditAction,
    targetType: row.target_type as AuditTargetType,
    targetId: row.target_id,
    details: (row.details ?? {}) as Record<string, unknown>,
    createdAt: row.created_at.toISOString(),
  };
}

/** The UTC days from `days - 1` days ago to today, oldest first, as YYYY-MM-DD. */
function lastDays(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * The admin area's rules: what an admin may change, and the audit row each change writes in
 * the same transaction as the change itself.
 */
export class AdminService {
  readonly #repository: AdminRepository;
  readonly #now: () => Date;
  readonly #onAffiliateIdsChanged: () => void;
  readonly #options: AdminServiceOptions;

  constructor(repository: AdminRepository, options: AdminServiceOptions = {}) {
    this.#repository = repository;
    this.#now = options.now ?? (() => new Date());
    this.#onAffiliateIdsChanged = options.onAffiliateIdsChanged ?? (() => undefined);
    this.#options = options;
  }

  /** All-time totals and one row per UTC day of the last `days` days. */
  async overview(actor: AdminActor, days: number): Promise<AdminOverviewResponse> {
    const dayList = lastDays(days, this.#now());
    const since = new Date(`${dayList[0]}T00:00:00.000Z`);
    const [allTime, perDay] = await Promise.all([
      this.#repository.countFigures(actor.projectId, null),
      this.#repository.countFigures(actor.projectId, since),
    ]);
    const totals = emptyFigures();
    for (const row of allTime) totals[row.figure] += row.count;
    const byDay = new Map(dayList.map((day) => [day, emptyFigures()]));
    const periodTotals = emptyFigures();
    for (const row of perDay) {
      const figures = byDay.get(row.day);
      if (!figures) continue; // a clock ahead of ours: not in the window asked for
      figures[row.figure] += row.count;
      periodTotals[row.figure] += row.count;
    }
    return {
      days,
      totals,
      periodTotals,
      series: dayList.map((day) => ({ day, ...byDay.get(day)! })),
    };
  }

  // ---- users ----

  async listUsers(
    actor: AdminActor,
    filter: { query?: string; page: number },
  ): Promise<AdminUsersResponse> {
    const { rows, total } = await this.#repository.listUsers(
      actor.projectId,
      filter.query,
      windowOf(filter.page),
    );
    return { items: rows.map(toAdminUser), page: filter.page, pageSize: ADMIN_PAGE_SIZE, total };
  }

  /** Disables a user and ends all their sessions; they cannot sign in until enabled again. */
  disableUser(actor: AdminActor, userId: string): Promise<AdminUser> {
    refuseSelfLockout(actor.userId, userId, 'disable');
    return this.#changeUser(actor, userId, 'user.disable', async (repository, user) => {
      if (!(await repository.disableUser(user.id, actor.userId))) {
        throw new AppError('conflict', 'This user is already disabled.');
      }
      return { sessionsEnded: await repository.endSessionsOf(user.id) };
    });
  }

  enableUser(actor: AdminActor, userId: string): Promise<AdminUser> {
    return this.#changeUser(actor, userId, 'user.enable', async (repository, user) => {
      if (!(await repository.enableUser(user.id))) {
        throw new AppError('conflict', 'This user is not disabled.');
      }
      return {};
    });
  }

  grantAdmin(actor: AdminActor, userId: string): Promise<AdminUser> {
    return this.#changeUser(actor, userId, 'user.grant_admin', async (repository, user) => {
      if (!(await repository.grantAdmin(user.id))) {
        throw new AppError('conflict', 'This user is already an admin.');
      }
      return {};
    });
  }

  revokeAdmin(actor: AdminActor, userId: string): Promise<AdminUser> {
    refuseSelfLockout(actor.userId, userId, 'revoke_admin');
    return this.#changeUser(actor, userId, 'user.revoke_admin', async (repository, user) => {
      if (!(await repository.revokeAdmin(user.id))) {
        throw new AppError('conflict', 'This user is not an admin.');
      }
      return {};
    });
  }

  /** One user change, its audit row and the user as it is afterwards, in one transaction. */
  #changeUser(
    actor: AdminActor,
    userId: string,
    action: AuditAction,
    change: (repository: AdminRepository, user: AdminUserRow) => Promise<Record<string, unknown>>,
  ): Promise<AdminUser> {
    return this.#repository.transaction(async (repository) => {
      const user = await repository.findUser(actor.projectId, userId);
      if (!user) throw new AppError('not_found', 'There is no user with that id.');
      const details = await change(repository, user);
      await this.#audit(repository, {
        adminUserId: actor.userId,
        action,
        targetType: 'user',
        targetId: user.id,
        details: { email: user.email, ...details },
      });
      return toAdminUser((await repository.findUser(actor.projectId, userId))!);
    });
  }

  // ---- mail outbox ----

  async listOutbox(page: number): Promise<AdminOutboxResponse> {
    const { rows, total } = await this.#repository.listOutbox(windowOf(page));
    return {
      items: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        status: row.status,
        error: row.error,
        createdAt: row.created_at.toISOString(),
        sentAt: row.sent_at?.toISOString() ?? null,
      })),
      page,
      pageSize: ADMIN_PAGE_SIZE,
      total,
    };
  }

  // ---- retailers ----

  async listRetailers(): Promise<AdminRetailer[]> {
    return (await this.#repository.listAffiliateRetailers()).map(toAdminRetailer);
  }

  /**
   * Sets ipick's affiliate id at a retailer (null: back to the placeholder); the next outbound
   * link carries it.
   */
  async setAffiliateId(
    actor: AdminActor,
    key: string,
    affiliateId: string | null,
  ): Promise<AdminRetailer> {
    const changed = await this.#repository.transaction(async (repository) => {
      const retailer = await repository.findRetailerByKey(key);
      if (!retailer) throw new AppError('not_found', `There is no retailer with the key "${key}".`);
      if (retailer.affiliate_param === null) {
        throw new AppError(
          'conflict',
          `${retailer.display_name} takes no affiliate id: it is a merchant's shop, not a named retailer.`,
        );
      }
      const updated = await repository.setAffiliateId(key, affiliateId);
      await this.#audit(repository, {
        adminUserId: actor.userId,
        action: 'retailer.set_affiliate_id',
        targetType: 'retailer',
        targetId: key,
        details: { from: retailer.affiliate_id, to: affiliateId },
      });
      return toAdminRetailer(updated);
    });
    this.#onAffiliateIdsChanged();
    return changed;
  }

  // ---- businesses ----

  async listBusinesses(filter: {
    status?: BusinessStatus;
    query?: string;
    page: number;
  }): Promise<AdminBusinessesResponse> {
    const { rows, total, counts } = await this.#repository.listBusinesses(
      { status: filter.status, search: filter.query },
      windowOf(filter.page),
    );
    return {
      items: rows.map(toAdminBusiness),
      page: filter.page,
      pageSize: ADMIN_PAGE_SIZE,
      total,
      counts,
    };
  }

  /** Approves, suspends (with an optional reason) or reactivates a business. */
  async changeBusinessStatus(
    actor: AdminActor,
    businessId: string,
    action: BusinessAction,
    reason: string | null = null,
  ): Promise<AdminBusiness> {
    const updated = await this.#repository.transaction(async (repository) => {
      const business = await repository.findBusiness(businessId, true);
      if (!business) throw new AppError('not_found', 'There is no business with that id.');
      const status = nextBusinessStatus(action, business.status);
      const updated = await repository.setBusinessStatus(business.id, status, reason);
      await this.#audit(repository, {
        adminUserId: actor.userId,
        action: `business.${action}`,
        targetType: 'business',
        targetId: business.id,
        details: {
          name: business.name,
          domain: business.domain,
          from: business.status,
          to: status,
          ...(action === 'suspend' ? { reason } : {}),
        },
      });
      return toAdminBusiness(updated);
    });
    // After the commit, and in the background: a slow mail server must not hold the admin.
    this.#notifyMerchant(updated, action).catch((error: unknown) =>
      this.#options.onBackgroundError?.(error),
    );
    return updated;
  }

  async #notifyMerchant(business: AdminBusiness, action: BusinessAction): Promise<void> {
    const { sendMail, publicUrl } = this.#options;
    if (!sendMail) return;
    const dashboard = `${(publicUrl ?? '').replace(/\/+$/, '')}/business/dashboard`;
    const mails: Record<BusinessAction, { subject: string; body: string }> = {
      approve: {
        subject: 'Your ipick business account is approved',
        body: `ipick has approved ${business.domain}. Shoppers ipick sends to your shop now count as referrals; follow them on your dashboard:`,
      },
      suspend: {
        subject: 'Your ipick business account is suspended',
        body: `ipick has suspended ${business.domain} and sends no referrals to it for now.${
          business.suspensionReason ? `\n\nReason: ${business.suspensionReason}` : ''
        }\n\nReply to this email if you think this is a mistake. Your dashboard:`,
      },
      reactivate: {
        subject: 'Your ipick business account is active again',
        body: `ipick has reactivated ${business.domain}; referrals to your shop start again. Your dashboard:`,
      },
    };
    const mail = mails[action];
    await sendMail({
      to: business.contactEmail,
      subject: mail.subject,
      text: `Hello ${business.name},\n\n${mail.body}\n${dashboard}\n\nThe ipick team`,
    });
  }

  /**
   * Clicks, unique shoppers, conversions and revenue of the last 30 UTC days, today included;
   * the period and the conversions and revenue (ipick's) are those of the merchant's own
   * dashboard for the same 30 days, so admin and merchant see the same numbers.
   */
  async businessFigures(businessId: string): Promise<AdminBusinessFiguresResponse> {
    const business = await this.#repository.findBusiness(businessId);
    if (!business) throw new AppError('not_found', 'There is no business with that id.');
    const until = this.#now();
    const since = new Date(`${lastDays(BUSINESS_FIGURES_DAYS, until)[0]!}T00:00:00Z`);
    const figures = await this.#repository.businessFigures(business.id, { since, until });
    return {
      business: toAdminBusiness(business),
      figures: { days: BUSINESS_FIGURES_DAYS, ...figures },
    };
  }

  // ---- audit log ----

  async listAudit(filter: {
    targetType?: AuditTargetType;
    targetId?: string;
    page: number;
  }): Promise<AdminAuditResponse> {
    const { rows, total } = await this.#repository.listAudit(
      { targetType: filter.targetType, targetId: filter.targetId },
      windowOf(filter.page),
    );
    return { items: rows.map(toAuditEntry), page: filter.page, pageSize: ADMIN_PAGE_SIZE, total };
  }

  #audit(repository: AdminRepository, entry: NewAuditEntry): Promise<void> {
    return repository.insertAudit({ id: randomUUID(), ...entry });
  }
}
