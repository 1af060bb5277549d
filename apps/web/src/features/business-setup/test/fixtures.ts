import type {
  ApiKey,
  AttributionSettings,
  IntegrationStatus,
  MerchantDomain,
  TeamResponse,
} from '@ipick/contracts';

export const PUBLISHABLE_KEY = 'pk_live_SetupKey9876';

export function buildDomain(overrides: Partial<MerchantDomain> = {}): MerchantDomain {
  const domain = overrides.domain ?? 'lamps.example.com';
  const token = overrides.verificationToken ?? 'ipick-token-123';
  return {
    id: '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    domain,
    isPrimary: true,
    verificationToken: token,
    verifiedAt: null,
    createdAt: '2025-01-02T03:04:05.000Z',
    verification: {
      metaTag: `<meta name="ipick-site-verification" content="${token}">`,
      fileUrl: `https://${domain}/.well-known/ipick-verification.txt`,
    },
    ...overrides,
  };
}

export function buildKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
    kind: 'publishable',
    prefix: 'pk_live_Setu',
    lastFour: '9876',
    key: PUBLISHABLE_KEY,
    createdAt: '2025-01-02T03:04:05.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

export function buildStatus(
  steps: Partial<IntegrationStatus['steps']> = {},
  overrides: Partial<IntegrationStatus> = {},
): IntegrationStatus {
  const all = { domain: false, snippet: false, testEvent: false, feed: false, ...steps };
  const now = new Date().toISOString();
  return {
    verifiedDomains: all.domain ? ['lamps.example.com'] : [],
    hasPublishableKey: false,
    hasSecretKey: false,
    firstLiveEventAt: all.snippet ? now : null,
    lastLiveEvent: all.snippet
      ? { eventType: 'page_view', url: 'https://lamps.example.com/lamps', receivedAt: now }
      : null,
    lastTestEvent: all.testEvent ? { eventType: 'ipick_test', url: null, receivedAt: now } : null,
    latestFeedImport: null,
    steps: all,
    ...overrides,
  };
}

export const defaultAttribution: AttributionSettings = { windowDays: 30, model: 'last_click' };

export function buildTeam(overrides: Partial<TeamResponse> = {}): TeamResponse {
  return {
    canManage: true,
    canChangeRoles: true,
    members: [
      {
        userId: '3f4a5b6c-7d8e-4f9a-8b1c-2d3e4f5a6b7c',
        email: 'owner@lamps.example.com',
        displayName: null,
        role: 'owner',
        joinedAt: '2025-01-02T03:04:05.000Z',
        isYou: true,
      },
    ],
    invitations: [],
    ...overrides,
  };
}
