/**
 * Changes to users, teams, memberships and team permissions, as Stack Auth names its webhook
 * events (stack-auth.md §3.10). The core and the teams and permissions capabilities emit them;
 * other capabilities (webhooks) listen. The core knows no listener.
 */
export type IdentityEventType =
  | 'user.created'
  | 'user.updated'
  | 'user.deleted'
  | 'team.created'
  | 'team.updated'
  | 'team.deleted'
  | 'team_membership.created'
  | 'team_membership.deleted'
  | 'team_permission.created'
  | 'team_permission.deleted';

export const IDENTITY_EVENT_TYPES: readonly IdentityEventType[] = [
  'user.created',
  'user.updated',
  'user.deleted',
  'team.created',
  'team.updated',
  'team.deleted',
  'team_membership.created',
  'team_membership.deleted',
  'team_permission.created',
  'team_permission.deleted',
];

export interface IdentityEvent {
  projectId: string;
  type: IdentityEventType;
  /** The event's payload as Stack Auth sends it: the server read shape, or ids. */
  data: Record<string, unknown>;
}

export type IdentityEventListener = (event: IdentityEvent) => Promise<void>;

export class IdentityEvents {
  readonly #listeners: IdentityEventListener[] = [];
  readonly #onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void) {
    this.#onError = onError;
  }

  /** Registers a listener; capabilities do this at start-up. */
  on(listener: IdentityEventListener): void {
    this.#listeners.push(listener);
  }

  /**
   * Tells every listener, after the change is stored. A listener that fails is reported and
   * does not undo or fail the change.
   */
  async emit(event: IdentityEvent): Promise<void> {
    for (const listener of this.#listeners) {
      try {
        await listener(event);
      } catch (error) {
        this.#onError(error);
      }
    }
  }
}
