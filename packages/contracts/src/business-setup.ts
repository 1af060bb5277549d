import { z } from 'zod';
import { businessSchema, emailSchema } from './auth.ts';
import { plainNameSchema } from './names.ts';
import { eventTypeSchema, merchantDomainSchema } from './tracking.ts';

/**
 * A merchant's set-up (spec §1 "Business accounts … use a dashboard for integration …
 * settings"): the shop profile, the test event and integration status behind the dashboard's
 * integrate page and the integration wizard, and team members with their invitations.
 */

// ---- Shop profile: PATCH /api/business/profile ----

export const BUSINESS_NAME_MAX_LENGTH = 120;

/** Shown to shoppers and in mails to invitees: one line of plain text. */
export const businessNameSchema = plainNameSchema({
  what: 'Shop names',
  emptyMessage: 'Enter your shop name',
  maxLength: BUSINESS_NAME_MAX_LENGTH,
});

/** Either field or both; at least one. Answers `{ business }`. */
export const updateBusinessProfileRequestSchema = z
  .object({
    name: businessNameSchema.optional(),
    contactEmail: emailSchema.optional(),
  })
  .strict()
  .refine((body) => body.name !== undefined || body.contactEmail !== undefined, {
    message: 'Send a name or a contactEmail to change',
  });
export type UpdateBusinessProfileRequest = z.infer<typeof updateBusinessProfileRequestSchema>;

export const businessProfileResponseSchema = z.object({ business: businessSchema });

// ---- Domains: the answer of POST /api/business/domains and …/:id/verify ----

export const merchantDomainResponseSchema = z.object({ domain: merchantDomainSchema });

// ---- Test event: POST /api/business/test-event ----

/**
 * The event type of test events sent from the dashboard. They are stored with the shop's other
 * events, with `eventData.test: true`; reports of real traffic leave this type out.
 */
export const TEST_EVENT_TYPE = 'ipick_test';

/** The body is optional: `{}` sends an `ipick_test` event. */
export const sendTestEventRequestSchema = z
  .object({
    /** A label kept in `eventData.label`, e.g. the wizard step that sent it. */
    label: eventTypeSchema.optional(),
  })
  .strict();

export const testEventResponseSchema = z.object({
  event: z.object({
    id: z.uuid(),
    eventType: z.string(),
    receivedAt: z.string(),
  }),
});
export type TestEventResponse = z.infer<typeof testEventResponseSchema>;

// ---- Integration status: GET /api/business/integration/status ----

export const integrationEventSchema = z.object({
  eventType: z.string(),
  url: z.string().nullable(),
  receivedAt: z.string(),
});

export const integrationFeedImportSchema = z.object({
  id: z.uuid(),
  source: z.string(),
  status: z.enum(['running', 'completed', 'failed', 'interrupted']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

/**
 * Where the merchant's set-up stands, read from the server so a page or the wizard can resume
 * after a reload. `steps` are the wizard's: a verified domain, a real event from the shop
 * (the snippet or a server call), a test event, and a completed feed import.
 */
export const integrationStatusSchema = z.object({
  verifiedDomains: z.array(z.string()),
  hasPublishableKey: z.boolean(),
  hasSecretKey: z.boolean(),
  /** The first and the latest event that was not a test event. */
  firstLiveEventAt: z.string().nullable(),
  lastLiveEvent: integrationEventSchema.nullable(),
  lastTestEvent: integrationEventSchema.nullable(),
  latestFeedImport: integrationFeedImportSchema.nullable(),
  steps: z.object({
    domain: z.boolean(),
    snippet: z.boolean(),
    testEvent: z.boolean(),
    feed: z.boolean(),
  }),
});
export type IntegrationStatus = z.infer<typeof integrationStatusSchema>;

// ---- Team: /api/business/team ----

/** Merchant staff roles: owners and admins manage keys and the team, members read. */
export const teamRoleSchema = z.enum(['owner', 'admin', 'member']);
export type TeamRole = z.infer<typeof teamRoleSchema>;

export const teamMemberSchema = z.object({
  userId: z.uuid(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  role: teamRoleSchema,
  joinedAt: z.string(),
  isYou: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** `GET /api/business/team`: members (owners first) and the invitations still open. */
export const teamResponseSchema = z.object({
  /** Whether the signed-in user may invite, revoke, remove members and manage keys (owners and admins). */
  canManage: z.boolean(),
  /** Whether the signed-in user may change roles (owners). */
  canChangeRoles: z.boolean(),
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

/** `POST /api/business/team/invitations` (201 `{ invitation }`); inviting again re-sends. */
export const inviteTeamMemberRequestSchema = z.object({ email: emailSchema }).strict();
export const teamInvitationResponseSchema = z.object({ invitation: teamInvitationSchema });

/** `PATCH /api/business/team/members/:userId` (owners): make a colleague an admin or a member. */
export const changeTeamRoleRequestSchema = z.object({ role: z.enum(['admin', 'member']) }).strict();

/** How long an emailed invitation stays valid. */
export const TEAM_INVITATION_TTL_DAYS = 7;
/** Open invitations a business may have at once. */
export const MAX_OPEN_TEAM_INVITATIONS = 25;
/** Invitations (each one a mail) a business may send in any 24 hours. */
export const MAX_TEAM_INVITATIONS_PER_DAY = 20;

/** Where the emailed link lands in the web app (`?token=`). */
export const ACCEPT_INVITATION_PATH = '/business/invitations/accept';

export const invitationTokenSchema = z
  .string({ message: 'The invitation link is incomplete' })
  .trim()
  .min(20, 'The invitation link is incomplete')
  .max(200, 'The invitation link is not valid');

/** `GET /api/business/invitations/details?token=`: what the link is for, before accepting. */
export const invitationDetailsQuerySchema = z.object({ token: invitationTokenSchema });
export const invitationDetailsResponseSchema = z.object({
  businessName: z.string(),
  businessDomain: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsResponseSchema>;

/** `POST /api/business/invitations/accept`: by a signed-in user whose email was invited. */
export const acceptInvitationRequestSchema = z.object({ token: invitationTokenSchema }).strict();
export const acceptInvitationResponseSchema = z.object({
  success: z.literal(true),
  business: businessSchema,
});
