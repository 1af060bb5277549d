import {
  SITE_VERIFICATION_FILE_PATH,
  SITE_VERIFICATION_META_NAME,
  type ApiKey,
  type Conversion,
  type MerchantDomain,
} from '@ipick/contracts';
import type { ApiKeyRow, ConversionRow, DomainRow } from './tracking-repository.ts';

/** Rows become contract shapes here; no raw row reaches a client (code-style §5). */
export function toMerchantDomain(row: DomainRow, primaryDomain: string): MerchantDomain {
  return {
    id: row.id,
    domain: row.domain,
    isPrimary: row.domain === primaryDomain.toLowerCase(),
    verificationToken: row.verification_token,
    verifiedAt: row.verified_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    verification: {
      metaTag: `<meta name="${SITE_VERIFICATION_META_NAME}" content="${row.verification_token}">`,
      fileUrl: `https://${row.domain}${SITE_VERIFICATION_FILE_PATH}`,
    },
  };
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    kind: row.kind,
    prefix: row.prefix,
    lastFour: row.last_four,
    key: row.kind === 'publishable' ? row.publishable_key : null,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

export function toConversion(row: ConversionRow): Conversion {
  return {
    id: row.id,
    kind: row.kind,
    orderId: row.order_id,
    ...(row.refund_id === '' ? {} : { refundId: row.refund_id }),
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    clickId: row.click_id,
    referralId: row.referral_id,
    visitorId: row.visitor_id,
    sessionId: row.session_id,
    source: row.source,
    occurredAt: row.occurred_at.toISOString(),
    receivedAt: row.received_at.toISOString(),
  };
}
