import type { ApiKey } from '@ipick/contracts';
import type { BusinessEvent } from '../api/get-business-events';

export const PUBLISHABLE_KEY = 'pk_live_TestKey1234';

export function buildApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    kind: 'publishable',
    prefix: 'pk_live_Test',
    lastFour: '1234',
    key: PUBLISHABLE_KEY,
    createdAt: '2025-01-02T03:04:05.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

export function buildEvent(overrides: Partial<BusinessEvent> = {}): BusinessEvent {
  const now = new Date().toISOString();
  return {
    id: '5f4e3d2c-1b0a-4988-8776-655443322110',
    eventType: 'page_view',
    eventData: {},
    occurredAt: now,
    receivedAt: now,
    sessionId: null,
    url: 'https://lamps.example.com/',
    referralId: null,
    attributed: false,
    isTest: false,
    ...overrides,
  };
}
