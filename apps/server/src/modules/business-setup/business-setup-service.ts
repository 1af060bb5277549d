import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ACCEPT_INVITATION_PATH,
  MAX_OPEN_TEAM_INVITATIONS,
  MAX_TEAM_INVITATIONS_PER_DAY,
  TEAM_INVITATION_TTL_DAYS,
  TEST_EVENT_TYPE,
  type IntegrationStatus,
  type InvitationDetails,
  type TeamInvitation,
  type TeamResponse,
  type UpdateBusinessProfileRequest,
} from '@ipick/contracts';
import { AppError } from '../../platform/errors.ts';
import type { MailMessage } from '../../platform/mailer/mailer.ts';
import type {
  BusinessRow,
  BusinessSetupRepository,
  EventSummaryRow,
  InvitationRow,
} from './business-setup-repository.ts';
import { canChangeRoles, canManageTeam } from './business-setup-policy.ts';
import type { MerchantStaffTeam } from './merchant-staff-team.ts';
import { unlinkable } from '../../platform/mailer/plain-mail-text.ts';

export interface BusinessSetupServiceOptions {
  sendMail: (message: MailMessage) => Promise<void>;
  /** ipick's public address, for the emailed links. */
  publicUrl: string;
  /** The staff as an identity team; without it invitations are mailed with ipick's own link. */
  staffTeam?: MerchantStaffTeam;
  now?: () => Date;
}

/** Who is asking: the signed-in user and the business they work for. */
export interface TeamActor {
  userId: string;
  business: BusinessRow;
}

/** The signed-in user who opens an invitation link. */
export interface InvitedUser {
  id: string;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toInvitation(row: InvitationRow): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
}

function earlierEvent(a: EventSummaryRow | undefined, b: EventSummaryRow | undefined) {
  if (!a || !b) return a ?? b;
  return b.received_at < a.received_at ? b : a;
}

function laterEvent(a: EventSummaryRow | undefined, b: EventSummaryRow | undefined) {
  if (!a || !b) return a ?? b;
  return b.received_at > a.received_at ? b : a;
}

function toEvent(row: EventSummaryRow | undefined) {
  return row
    ? { eventType: row.event_type, url: row.url, receivedAt: row.received_at.toISOString() }
    : null;
}

/**
 * A merchant's set-up behind the dashboard's settings and integrate pages and the integration
 * wizard: the shop profile, test events, where the integration stands, and the team with its
 * emailed invitations.
 */
export class BusinessSetupService {
  readonly #repository: BusinessSetupRepository;
  readonly #sendMail: (message: MailMessage) => Promise<void>;
  readonly #publicUrl: string;
  readonly #now: () => Date;
  readonly #staffTeam: MerchantStaffTeam | undefined;

  constructor(repository: BusinessSetupRepository, options: BusinessSetupServiceOptions) {
    this.#repository = repository;
    this.#sendMail = options.sendMail;
    this.#publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.#staffTeam = options.staffTeam;
    this.#now = options.now ?? (() => new Date());
  }

  /** Changes the shop's name and/or contact email; the domain stays (it names the shop). */
  updateProfile(businessId: string, changes: UpdateBusinessProfileRequest): Promise<BusinessRow> {
    return this.#repository.updateProfile(businessId, changes);
  }

  /**
   * Records an `ipick_test` event for the business, as if its shop had sent one, so a merchant
   * can see events arrive before the snippet is live. It is a test event (`is_test`): listed on
   * the tracking pages, counted in none of the shop's figures.
   */
  async sendTestEvent(business: BusinessRow, label: string | undefined) {
    const at = this.#now();
    const id = randomUUID();
    await this.#repository.insertTestEvent({
      id,
      business_id: business.id,
      event_type: TEST_EVENT_TYPE,
      event_data: JSON.stringify({ test: true, source: 'dashboard', ...(label ? { label } : {}) }),
      occurred_at: at,
      received_at: at,
      session_id: null,
      user_id: null,
      url: `https://${business.domain.toLowerCase()}/`,
      referral_id: null,
      click_id: null,
      visitor_id: null,
      is_test: true,
    });
    return { id, eventType: TEST_EVENT_TYPE, receivedAt: at.toISOString() };
  }

  /** How far the integration has come, for the integrate page's status and the wizard. */
  async integrationStatus(business: BusinessRow): Promise<IntegrationStatus> {
    const [verifiedDomains, keyKinds, firstEvents, lastEvents, lastTest, feeds] = await Promise.all(
      [
        this.#repository.listVerifiedDomains(business.id),
        this.#repository.activeKeyKinds(business.id),
        // A shop is live from its first real event, from the snippet or from its server.
        Promise.all([
          this.#repository.edgeEvent(business.id, { test: false, order: 'asc' }),
          this.#repository.edgeConversion(business.id, 'asc'),
        ]),
        Promise.all([
          this.#repository.edgeEvent(business.id, { test: false, order: 'desc' }),
          this.#repository.edgeConversion(business.id, 'desc'),
        ]),
        this.#repository.edgeEvent(business.id, { test: true, order: 'desc' }),
        this.#repository.feedImports(business.domain),
      ],
    );
    const firstLive = earlierEvent(...firstEvents);
    const lastLive = laterEvent(...lastEvents);
    const latest = feeds.latest;
    return {
      verifiedDomains,
      hasPublishableKey: keyKinds.has('publishable'),
      hasSecretKey: keyKinds.has('secret'),
      firstLiveEventAt: firstLive?.received_at.toISOString() ?? null,
      lastLiveEvent: toEvent(lastLive),
      lastTestEvent: toEvent(lastTest),
      latestFeedImport: latest
        ? {
            id: latest.id,
            source: latest.source,
            status: latest.status,
            startedAt: latest.started_at.toISOString(),
            finishedAt: latest.finished_at?.toISOString() ?? null,
          }
        : null,
      steps: {
        domain: verifiedDomains.length > 0,
        // Only the snippet's own report (a browser event) installs it; a sale sent through the
        // conversion API makes the shop live but says nothing about the snippet (issue 19).
        snippet: firstEvents[0] !== undefined,
        testEvent: lastTest !== undefined,
        feed: feeds.completed !== undefined,
      },
    };
  }

  // ---- team ----

  async team(actor: TeamActor): Promise<TeamResponse> {
    const role = await this.#repository.roleOf(actor.business.id, actor.userId);
    const [members, invitations] = await Promise.all([
      this.#repository.listMembers(actor.business.id),
      this.#repository.listOpenInvitations(actor.business.id, this.#now()),
    ]);
    return {
      canManage: canManageTeam(role),
      canChangeRoles: canChangeRoles(role),
      members: members.map((member) => ({
        userId: member.user_id,
        email: member.email,
        displayName: member.display_name,
        role: member.role,
        joinedAt: member.created_at.toISOString(),
        isYou: member.user_id === actor.userId,
      })),
      invitations: invitations.map(toInvitation),
    };
  }

  /**
   * Emails `email` a link to join the business (owners only: `forbidden`). Inviting the same
   * address again replaces the open invitation with a new link. `conflict` when the address
   * is already a member's, `invalid_request` past the open-invitation limit.
   */
  async invite(actor: TeamActor, email: string): Promise<TeamInvitation> {
    await this.#requireManager(actor);
    const business = actor.business;
    if (await this.#repository.hasMemberWithEmail(business.id, email)) {
      throw new AppError('conflict', `email: ${email} is already on your team`);
    }
    const now = this.#now();
    const replaced = await this.#repository.openIdentityInvitationTo(business.id, email);
    const token = randomBytes(32).toString('base64url');
    const row = await this.#repository.insertInvitation(
      {
        id: randomUUID(),
        business_id: business.id,
        email,
        token_hash: hashToken(token),
        invited_by: actor.userId,
        expires_at: new Date(now.getTime() + TEAM_INVITATION_TTL_DAYS * DAY_MS),
      },
      now,
      { open: MAX_OPEN_TEAM_INVITATIONS, daily: MAX_TEAM_INVITATIONS_PER_DAY },
    );
    if (row === 'open') {
      throw new AppError(
        'invalid_request',
        `You have ${MAX_OPEN_TEAM_INVITATIONS} open invitations; revoke one before sending another`,
      );
    }
    if (row === 'daily') {
      throw new AppError(
        'rate_limited',
        `You have sent ${MAX_TEAM_INVITATIONS_PER_DAY} invitations in the last 24 hours; send more tomorrow.`,
        { retryAfterSeconds: DAY_MS / 1000 },
      );
    }
    if (this.#staffTeam) {
      // The identity team's invitation mails the code, for the /handler/team-invitation page.
      const identityInvitationId = await this.#staffTeam.invite(business, actor.userId, email);
      await this.#repository.setIdentityInvitation(row.id, identityInvitationId);
      // Inviting again replaced the open invitation: its mailed code stops working too.
      if (replaced) await this.#staffTeam.revokeInvitation(business, replaced);
      return toInvitation(row);
    }
    const link = `${this.#publicUrl}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
    // The shop's name and domain are the merchant's words: in the mail they are plain text
    // that no mail program turns into a link, so an invitation cannot carry someone else's.
    const shopName = unlinkable(business.name);
    const shopDomain = unlinkable(business.domain);
    await this.#sendMail({
      to: email,
      subject: `Join ${shopName} on ipick`,
      text: [
        `You are invited to join the team of ${shopName} (${shopDomain}) on ipick.`,
        '',
        `Accept the invitation: ${link}`,
        '',
        `The link works for ${TEAM_INVITATION_TTL_DAYS} days. Sign in (or create an ipick account) with this email address, and confirm the address, to accept it.`,
        'If you did not expect this, ignore this email.',
      ].join('\n'),
    });
    return toInvitation(row);
  }

  /** Revokes an open invitation (owners only); `not_found` for another business's or a closed one. */
  async revokeInvitation(actor: TeamActor, id: string): Promise<void> {
    await this.#requireManager(actor);
    const identityInvitationId = await this.#repository.identityInvitationOf(actor.business.id, id);
    if (!(await this.#repository.revokeInvitation(actor.business.id, id, this.#now()))) {
      throw new AppError('not_found', 'There is no such open invitation.');
    }
    if (identityInvitationId && this.#staffTeam) {
      await this.#staffTeam.revokeInvitation(actor.business, identityInvitationId);
    }
  }

  /**
   * Takes a colleague off the staff (owners and admins). The owner cannot be removed, and only
   * an owner removes an admin; `not_found` for someone not on this business's staff.
   */
  async removeMember(actor: TeamActor, userId: string): Promise<void> {
    await this.#requireManager(actor);
    const [actorRole, role] = await Promise.all([
      this.#repository.roleOf(actor.business.id, actor.userId),
      this.#repository.roleOf(actor.business.id, userId),
    ]);
    if (role === undefined) throw new AppError('not_found', 'That person is not on your team.');
    if (role === 'owner')
      throw new AppError('forbidden', 'The owner of the business cannot be removed.');
    if (role === 'admin' && actorRole !== 'owner') {
      throw new AppError('forbidden', 'Only the owner can remove an admin.');
    }
    await this.#repository.deleteMember(actor.business.id, userId);
    await this.#staffTeam?.removeMember(actor.business, userId);
  }

  /** Makes a colleague an admin or a member (owners only); the owner's role stays. */
  async changeRole(actor: TeamActor, userId: string, role: 'admin' | 'member'): Promise<void> {
    const actorRole = await this.#repository.roleOf(actor.business.id, actor.userId);
    if (!canChangeRoles(actorRole)) {
      throw new AppError('forbidden', 'Only the owner of the business can change roles.');
    }
    const current = await this.#repository.roleOf(actor.business.id, userId);
    if (current === undefined) throw new AppError('not_found', 'That person is not on your team.');
    if (current === 'owner') throw new AppError('forbidden', "The owner's role cannot be changed.");
    await this.#repository.setRole(actor.business.id, userId, role);
    await this.#staffTeam?.setRole(actor.business, userId, role);
  }

  /** What an invitation link is for; `invalid_code` when it is unknown, expired or closed. */
  async invitationDetails(token: string): Promise<InvitationDetails> {
    const invitation = await this.#openInvitation(token);
    return {
      businessName: invitation.business_name,
      businessDomain: invitation.business_domain,
      email: invitation.email,
      expiresAt: invitation.expires_at.toISOString(),
    };
  }

  /**
   * Adds the signed-in user to the invitation's business. The user's primary email must be the
   * invited one, and verified (`forbidden`), and a user belongs to one business at most
   * (`conflict`).
   */
  async acceptInvitation(user: InvitedUser, token: string): Promise<BusinessRow> {
    const invitation = await this.#openInvitation(token);
    if ((user.primaryEmail ?? '').toLowerCase() !== invitation.email) {
      throw new AppError(
        'forbidden',
        `This invitation is for ${invitation.email}; sign in with that email address to accept it.`,
      );
    }
    // Whoever holds the link must also own the address: an account anyone can sign up with an
    // address they do not read must not join a shop's team through a forwarded link.
    if (!user.primaryEmailVerified) {
      throw new AppError(
        'forbidden',
        `Confirm your email address ${invitation.email} first (use the link ipick emailed you), then accept the invitation.`,
      );
    }
    const current = await this.#repository.businessOfUser(user.id);
    if (current !== undefined && current !== invitation.business_id) {
      throw new AppError('conflict', 'Your account already belongs to another business on ipick.');
    }
    if (!(await this.#repository.acceptInvitation(invitation, user.id, this.#now()))) {
      throw new AppError('invalid_code', 'This invitation has already been used or revoked.');
    }
    const business = await this.#repository.findBusiness(invitation.business_id);
    if (!business) throw new AppError('not_found', 'The business no longer exists.');
    return business;
  }

  async #openInvitation(token: string) {
    const invitation = await this.#repository.findInvitationByTokenHash(hashToken(token));
    if (
      !invitation ||
      invitation.accepted_at !== null ||
      invitation.revoked_at !== null ||
      invitation.expires_at.getTime() <= this.#now().getTime()
    ) {
      throw new AppError(
        'invalid_code',
        'This invitation link is not valid any more; ask the shop owner for a new one.',
      );
    }
    return invitation;
  }

  async #requireManager(actor: TeamActor): Promise<void> {
    const role = await this.#repository.roleOf(actor.business.id, actor.userId);
    if (!canManageTeam(role)) {
      throw new AppError(
        'forbidden',
        'Only an owner or admin of the business can manage its team.',
      );
    }
  }
}
