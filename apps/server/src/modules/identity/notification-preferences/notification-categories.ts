/**
 * The kinds of email a project sends, as Stack Auth has them by default: transactional mail
 * (verification, sign-in codes, password resets, invitations) cannot be turned off, marketing
 * mail can. Fixed ids, so clients can keep them.
 */
export interface NotificationCategory {
  id: string;
  name: string;
  defaultEnabled: boolean;
  canDisable: boolean;
}

export const NOTIFICATION_CATEGORIES: readonly NotificationCategory[] = [
  {
    id: '7bb82d33-2f54-4a3d-9d23-82739e0d66ef',
    name: 'Transactional',
    defaultEnabled: true,
    canDisable: false,
  },
  {
    id: '4f6f8873-3d04-46bd-8bef-18338b1a1b4c',
    name: 'Marketing',
    defaultEnabled: true,
    canDisable: true,
  },
];
