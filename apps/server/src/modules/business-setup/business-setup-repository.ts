import { TEST_EVENT_TYPE } from '@ipick/contracts';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  BusinessesTable,
  BusinessInvitationsTable,
  DatabaseSchema,
  FeedImportsTable,
  TrackingEventsTable,
} from '../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export type BusinessRow = Selectable<BusinessesTable>;
export type InvitationRow = Selectable<BusinessInvitationsTable>;
export type NewInvitation = Insertable<BusinessInvitationsTable>;

const DAY_MS = 24 * 60 * 60 * 1000;
export type TeamRoleValue = 'owner' | 'admin' | 'member';

export interface MemberRow {
  user_id: string;
  role: TeamRoleValue;
  created_at: Date;
  display_name: string | null;
  email: string | null;
}

export interface EventSummaryRow {
  event_type: string;
  url: string | null;
  received_at: Date;
}

export type FeedImportSummaryRow = Pick<
  Selectable<FeedImportsTable>,
  'id' | 'source' | 'status' | 'started_at' | 'finished_at'
>;

/**
 * The only place with SQL for a merchant's set-up (code-style §5): it writes the shop profile,
 * team members and invitations, and test events, and reads the domains, keys, events and feed
 * imports that other modules write, to tell how far the integration has come.
 */
export class BusinessSetupRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  // ---- profile ----

  updateProfile(
    businessId: string,
    changes: { name?: string; contactEmail?: string },
  ): Promise<BusinessRow> {
    return this.#db
      .updateTable('businesses')
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.contactEmail === undefined ? {} : { contact_email: changes.contactEmail }),
        updated_at: new Date(),
      })
      .where('id', '=', businessId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  // ---- members ----

  async roleOf(businessId: string, userId: string): Promise<TeamRoleValue | undefined> {
    const row = await this.#db
      .selectFrom('business_members')
      .select('role')
      .where('business_id', '=', businessId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role;
  }

  /** Members with their name and primary email; owners first, then by joining date. */
  listMembers(businessId: string): Promise<MemberRow[]> {
    return this.#db
      .selectFrom('business_members as m')
      .innerJoin('identity_users as u', 'u.id', 'm.user_id')
      .leftJoin('identity_contact_channels as c', (join) =>
        join.onRef('c.user_id', '=', 'u.id').on('c.is_primary', '=', true),
      )
      .select(['m.user_id', 'm.role', 'm.created_at', 'u.display_name', 'c.value as email'])
      .where('m.business_id', '=', businessId)
      .orderBy(sql`case when m.role = 'owner' then 0 else 1 end`)
      .orderBy('m.created_at')
      .execute();
  }

  /** Whether a member of the business has `email` as their primary address. */
  async hasMemberWithEmail(businessId: string, email: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('business_members as m')
      .innerJoin('identity_contact_channels as c', 'c.user_id', 'm.user_id')
      .select('m.user_id')
      .where('m.business_id', '=', businessId)
      .where('c.is_primary', '=', true)
      .where(sql<string>`lower(c.value)`, '=', email)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Takes a member off the staff; false when they were not on it. */
  async deleteMember(businessId: string, userId: string): Promise<boolean> {
    const rows = await this.#db
      .deleteFrom('business_members')
      .where('business_id', '=', businessId)
      .where('user_id', '=', userId)
      .returning('user_id')
      .execute();
    return rows.length > 0;
  }

  async setRole(businessId: string, userId: string, role: 'admin' | 'member'): Promise<boolean> {
    const rows = await this.#db
      .updateTable('business_members')
      .set({ role })
      .where('business_id', '=', businessId)
      .where('user_id', '=', userId)
      .where('role', '!=', 'owner')
      .returning('user_id')
      .execute();
    return rows.length > 0;
  }

  // ---- the business's identity team (migration 0042) ----

  async identityTeamOf(businessId: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('businesses')
      .select('identity_team_id')
      .where('id', '=', businessId)
      .executeTakeFirst();
    return row?.identity_team_id ?? null;
  }

  /** Links the team unless the business has one already (then false). */
  async linkIdentityTeam(businessId: string, teamId: string): Promise<boolean> {
    const rows = await this.#db
      .updateTable('businesses')
      .set({ identity_team_id: teamId })
      .where('id', '=', businessId)
      .where('identity_team_id', 'is', null)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  findBusinessByIdentityTeam(teamId: string): Promise<BusinessRow | undefined> {
    return this.#db
      .selectFrom('businesses')
      .selectAll()
      .where('identity_team_id', '=', teamId)
      .executeTakeFirst();
  }

  async setIdentityInvitation(invitationId: string, identityInvitationId: string): Promise<void> {
    await this.#db
      .updateTable('business_invitations')
      .set({ identity_invitation_id: identityInvitationId })
      .where('id', '=', invitationId)
      .execute();
  }

  /** The user accepted the team invitation: they join the staff as a member. */
  async joinByIdentityInvitation(
    businessId: string,
    identityInvitationId: string,
    userId: string,
  ): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('business_invitations')
        .set({ accepted_at: new Date(), accepted_by: userId })
        .where('business_id', '=', businessId)
        .where('identity_invitation_id', '=', identityInvitationId)
        .where('accepted_at', 'is', null)
        .execute();
      await trx
        .insertInto('business_members')
        .values({ business_id: businessId, user_id: userId, role: 'member' })
        .onConflict((conflict) => conflict.columns(['business_id', 'user_id']).doNothing())
        .execute();
    });
  }

  /** The identity invitation of the open invitation to `email`, which a new one replaces. */
  async openIdentityInvitationTo(businessId: string, email: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('business_invitations')
      .select('identity_invitation_id')
      .where('business_id', '=', businessId)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.identity_invitation_id ?? null;
  }

  /** The identity invitation behind an open business invitation, if it has one. */
  async identityInvitationOf(businessId: string, id: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('business_invitations')
      .select('identity_invitation_id')
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.identity_invitation_id ?? null;
  }

  /** Whether `email` is one of the user's addresses and confirmed. */
  async hasVerifiedEmail(userId: string, email: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('identity_contact_channels')
      .select('id')
      .where('user_id', '=', userId)
      .where('is_verified', '=', true)
      .where(sql<string>`lower(value)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The business the user already belongs to, if any. */
  async businessOfUser(userId: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('business_members')
      .select('business_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.business_id;
  }

  // ---- invitations ----

  listOpenInvitations(businessId: string, now: Date): Promise<InvitationRow[]> {
    return this.#db
      .selectFrom('business_invitations')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /**
   * Inserts the invitation, revoking an open one to the same address in the same transaction,
   * unless the business is at one of its limits: `open` other open invitations, or `daily`
   * invitations made in the day before `at` (revoked and replaced ones count: each was a mail).
   * The business's row is locked meanwhile, so invitations sent at once are counted in turn.
   */
  insertInvitation(
    row: NewInvitation,
    at: Date,
    limits: { open: number; daily: number },
  ): Promise<InvitationRow | 'open' | 'daily'> {
    return this.#db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('businesses')
        .select('id')
        .where('id', '=', row.business_id)
        .forUpdate()
        .execute();
      const counts = await trx
        .selectFrom('business_invitations')
        .select((eb) => [
          eb.fn
            .countAll<number>()
            .filterWhere((f) =>
              f.and([
                f('accepted_at', 'is', null),
                f('revoked_at', 'is', null),
                f('expires_at', '>', at),
                f('email', '<>', row.email),
              ]),
            )
            .as('open'),
          eb.fn
            .countAll<number>()
            .filterWhere('created_at', '>', new Date(at.getTime() - DAY_MS))
            .as('today'),
        ])
        .where('business_id', '=', row.business_id)
        .executeTakeFirstOrThrow();
      if (Number(counts.open) >= limits.open) return 'open';
      if (Number(counts.today) >= limits.daily) return 'daily';
      await trx
        .updateTable('business_invitations')
        .set({ revoked_at: at })
        .where('business_id', '=', row.business_id)
        .where('email', '=', row.email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      return trx
        .insertInto('business_invitations')
        .values({ ...row, created_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** False when the business has no such open invitation. */
  async revokeInvitation(businessId: string, id: string, at: Date): Promise<boolean> {
    const rows = await this.#db
      .updateTable('business_invitations')
      .set({ revoked_at: at })
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  findInvitationByTokenHash(
    tokenHash: string,
  ): Promise<(InvitationRow & { business_name: string; business_domain: string }) | undefined> {
    return this.#db
      .selectFrom('business_invitations as i')
      .innerJoin('businesses as b', 'b.id', 'i.business_id')
      .selectAll('i')
      .select(['b.name as business_name', 'b.domain as business_domain'])
      .where('i.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Adds the user as a member and closes the invitation, in one transaction. False when the
   * invitation was closed meanwhile (accepted twice at once, or revoked).
   */
  acceptInvitation(invitation: InvitationRow, userId: string, at: Date): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('business_invitations')
        .set({ accepted_at: at, accepted_by: userId })
        .where('id', '=', invitation.id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returning('id')
        .execute();
      if (closed.length === 0) return false;
      await trx
        .insertInto('business_members')
        .values({ business_id: invitation.business_id, user_id: userId, role: 'member' })
        .onConflict((conflict) => conflict.columns(['business_id', 'user_id']).doNothing())
        .execute();
      return true;
    });
  }

  findBusiness(id: string): Promise<BusinessRow | undefined> {
    return this.#db.selectFrom('businesses').selectAll().where('id', '=', id).executeTakeFirst();
  }

  // ---- test events and integration status ----

  async insertTestEvent(row: Insertable<TrackingEventsTable>): Promise<void> {
    await this.#db.insertInto('tracking_events').values(row).execute();
  }

  async listVerifiedDomains(businessId: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('business_domains')
      .select('domain')
      .where('business_id', '=', businessId)
      .where('verified_at', 'is not', null)
      .orderBy('verified_at')
      .execute();
    return rows.map((row) => row.domain);
  }

  async activeKeyKinds(businessId: string): Promise<Set<'publishable' | 'secret'>> {
    const rows = await this.#db
      .selectFrom('business_api_keys')
      .select('kind')
      .distinct()
      .where('business_id', '=', businessId)
      .where('revoked_at', 'is', null)
      .execute();
    return new Set(rows.map((row) => row.kind));
  }

  /**
   * The first or the latest event of the business, test events only or none of them: the
   * dashboard's `ipick_test` events and whatever ipick's tracking test page sent.
   */
  edgeEvent(
    businessId: string,
    { test, order }: { test: boolean; order: 'asc' | 'desc' },
  ): Promise<EventSummaryRow | undefined> {
    return this.#db
      .selectFrom('tracking_events')
      .select(['event_type', 'url', 'received_at'])
      .where('business_id', '=', businessId)
      .where((eb) =>
        test
          ? eb.or([eb('event_type', '=', TEST_EVENT_TYPE), eb('is_test', '=', true)])
          : eb.and([eb('event_type', '<>', TEST_EVENT_TYPE), eb('is_test', '=', false)]),
      )
      .orderBy('received_at', order)
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * The first or the latest lead, sale or refund the shop's server reported through the
   * conversion API, in the shape of an event (its kind as the type; no page).
   */
  edgeConversion(businessId: string, order: 'asc' | 'desc'): Promise<EventSummaryRow | undefined> {
    return this.#db
      .selectFrom('conversions')
      .select(['kind as event_type', sql<null>`null`.as('url'), 'received_at'])
      .where('business_id', '=', businessId)
      .orderBy('received_at', order)
      .limit(1)
      .executeTakeFirst();
  }

  /** The business's latest feed import and its latest completed one (feeds are keyed by domain). */
  async feedImports(
    domain: string,
  ): Promise<{ latest?: FeedImportSummaryRow; completed?: FeedImportSummaryRow }> {
    const base = this.#db
      .selectFrom('feed_imports as f')
      .innerJoin('retailers as r', 'r.id', 'f.retailer_id')
      .select(['f.id', 'f.source', 'f.status', 'f.started_at', 'f.finished_at'])
      .where('r.key', '=', domain)
      .orderBy('f.started_at', 'desc')
      .limit(1);
    const [latest, completed] = await Promise.all([
      base.executeTakeFirst(),
      base.where('f.status', '=', 'completed').executeTakeFirst(),
    ]);
    return { latest, completed };
  }
}
