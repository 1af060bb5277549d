import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. Each module adds its tables here as its migrations create them. */
export interface DatabaseSchema {
  schema_migrations: SchemaMigrationsTable;
  app_state: AppStateTable;
  identity_projects: IdentityProjectsTable;
  identity_api_keys: IdentityApiKeysTable;
  identity_signing_keys: IdentitySigningKeysTable;
  identity_users: IdentityUsersTable;
  identity_contact_channels: IdentityContactChannelsTable;
  identity_sessions: IdentitySessionsTable;
  identity_verification_codes: IdentityVerificationCodesTable;
  identity_teams: IdentityTeamsTable;
  identity_team_members: IdentityTeamMembersTable;
  identity_team_permissions: IdentityTeamPermissionsTable;
  identity_project_permissions: IdentityProjectPermissionsTable;
  identity_owner_api_keys: IdentityOwnerApiKeysTable;
  mail_outbox: MailOutboxTable;
  auth_admins: AuthAdminsTable;
  businesses: BusinessesTable;
  business_members: BusinessMembersTable;
  retailers: RetailersTable;
  products: ProductsTable;
  product_identifiers: ProductIdentifiersTable;
  offers: OffersTable;
  price_observations: PriceObservationsTable;
  feed_imports: FeedImportsTable;
  compare_requests: CompareRequestsTable;
  search_history: SearchHistoryTable;
  favorites: FavoritesTable;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: ColumnType<Date, Date | undefined, never>;
}

/** Small facts about this installation, e.g. whether the demo data was loaded. */
export interface AppStateTable {
  key: string;
  value: unknown;
  updated_at: Generated<Date>;
}

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface IdentityProjectsTable {
  id: string;
  display_name: string;
  description: Generated<string>;
  created_at: CreatedAt;
  is_production_mode: Generated<boolean>;
  config: ColumnType<unknown, string, string>;
  is_internal: Generated<boolean>;
  owner_team_id: string | null;
  is_development_environment: Generated<boolean>;
  logo_url: string | null;
  logo_full_url: string | null;
  logo_dark_mode_url: string | null;
  logo_full_dark_mode_url: string | null;
}

export interface IdentityApiKeysTable {
  id: string;
  project_id: string;
  description: string;
  publishable_client_key: string | null;
  secret_server_key: string | null;
  super_secret_admin_key: string | null;
  created_at: CreatedAt;
  expires_at: Date | null;
  manually_revoked_at: Date | null;
  publishable_client_key_hash: string | null;
  secret_server_key_hash: string | null;
  super_secret_admin_key_hash: string | null;
  publishable_client_key_last_four: string | null;
  secret_server_key_last_four: string | null;
  super_secret_admin_key_last_four: string | null;
}

export interface IdentitySigningKeysTable {
  kid: string;
  project_id: string;
  private_jwk: ColumnType<unknown, string, never>;
  public_jwk: ColumnType<unknown, string, never>;
  created_at: CreatedAt;
}

/** JSON columns are written as JSON text (the same on PGlite and pg) and read as values. */
type JsonColumn = ColumnType<unknown, string | null | undefined, string | null>;

export interface IdentityUsersTable {
  id: string;
  project_id: string;
  display_name: string | null;
  profile_image_url: string | null;
  signed_up_at: CreatedAt;
  last_active_at: ColumnType<Date, Date | undefined, Date>;
  client_metadata: JsonColumn;
  client_read_only_metadata: JsonColumn;
  server_metadata: JsonColumn;
  password_hash: string | null;
  is_anonymous: Generated<boolean>;
  otp_auth_enabled: Generated<boolean>;
  passkey_auth_enabled: Generated<boolean>;
  totp_secret: Uint8Array | null;
  selected_team_id: string | null;
  restricted_by_admin: Generated<boolean>;
  restricted_by_admin_reason: string | null;
  restricted_by_admin_private_details: string | null;
  country_code: string | null;
  sign_up_risk_score_bot: Generated<number>;
  sign_up_risk_score_free_trial_abuse: Generated<number>;
}

export interface IdentityContactChannelsTable {
  id: string;
  project_id: string;
  user_id: string;
  type: 'email';
  value: string;
  is_verified: Generated<boolean>;
  is_primary: Generated<boolean>;
  used_for_auth: Generated<boolean>;
  created_at: CreatedAt;
}

export interface IdentitySessionsTable {
  id: string;
  project_id: string;
  user_id: string;
  refresh_token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  last_used_at: Date | null;
  last_used_ip: string | null;
  is_impersonation: Generated<boolean>;
}

export type VerificationPurpose =
  'email_verification' | 'password_reset' | 'otp_sign_in' | 'team_invitation';

export interface IdentityVerificationCodesTable {
  id: string;
  project_id: string;
  purpose: VerificationPurpose;
  code_hash: string;
  nonce_hash: string;
  user_id: string | null;
  email: string | null;
  data: ColumnType<unknown, string | undefined, never>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
  attempt_count: Generated<number>;
}

export interface IdentityTeamsTable {
  id: string;
  project_id: string;
  display_name: string;
  profile_image_url: string | null;
  client_metadata: JsonColumn;
  client_read_only_metadata: JsonColumn;
  server_metadata: JsonColumn;
  created_at: CreatedAt;
}

export interface IdentityTeamMembersTable {
  team_id: string;
  user_id: string;
  project_id: string;
  display_name: string | null;
  profile_image_url: string | null;
  created_at: CreatedAt;
}

export interface IdentityTeamPermissionsTable {
  team_id: string;
  user_id: string;
  project_id: string;
  permission_id: string;
  created_at: CreatedAt;
}

export interface IdentityProjectPermissionsTable {
  user_id: string;
  project_id: string;
  permission_id: string;
  created_at: CreatedAt;
}

export interface IdentityOwnerApiKeysTable {
  id: string;
  project_id: string;
  type: 'user' | 'team';
  user_id: string | null;
  team_id: string | null;
  description: string;
  secret_hash: string;
  last_four: string;
  is_public: Generated<boolean>;
  created_at: CreatedAt;
  expires_at: Date | null;
  manually_revoked_at: Date | null;
}

export type MailOutboxStatus = 'sent' | 'failed' | 'logged';

/** Every email ipick sent or tried to send, newest first for the admin's outbox page. */
export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: MailOutboxStatus;
  error: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  sent_at: Date | null;
}

export interface AuthAdminsTable {
  user_id: string;
  granted_at: ColumnType<Date, Date | undefined, never>;
}

export interface BusinessesTable {
  id: string;
  name: string;
  domain: string;
  contact_email: string;
  status: 'pending' | 'active' | 'suspended';
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** Migration 0011: why an admin suspended the business, shown to its merchant. */
  suspension_reason: ColumnType<string | null, string | null | undefined>;
  suspended_at: ColumnType<Date | null, Date | null | undefined>;
  /** Migration 0042: the identity team whose members are the business's staff. */
  identity_team_id: ColumnType<string | null, string | null | undefined>;
}

export interface BusinessMembersTable {
  business_id: string;
  user_id: string;
  /** Migration 0042 adds 'admin': owners and admins manage keys and the team. */
  role: 'owner' | 'admin' | 'member';
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface RetailersTable {
  id: string;
  key: string;
  display_name: string;
  hosts: string[];
  affiliate_param: string | null;
  affiliate_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ProductsTable {
  id: string;
  title: string;
  brand: string | null;
  category: string | null;
  image_url: string | null;
  attributes: ColumnType<unknown, string | undefined, string>;
  search_vector: ColumnType<never, never, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type ProductIdentifierKind = 'gtin' | 'mpn' | 'model';

export interface ProductIdentifiersTable {
  product_id: string;
  kind: ProductIdentifierKind;
  value: string;
}

export type Availability =
  'in_stock' | 'out_of_stock' | 'preorder' | 'backorder' | 'limited' | 'discontinued';
export type Condition = 'new' | 'used' | 'refurbished';

export interface OffersTable {
  id: string;
  retailer_id: string;
  retailer_product_id: string;
  product_id: string | null;
  url: string;
  title: string;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  image_url: string | null;
  price_minor: number | null;
  currency: string | null;
  availability: Availability | null;
  condition: Condition | null;
  shipping_minor: number | null;
  last_import_id: string | null;
  first_seen_at: ColumnType<Date, Date | undefined, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PriceObservationsTable {
  offer_id: string;
  observed_at: ColumnType<Date, Date | undefined, never>;
  price_minor: number;
  currency: string;
  availability: Availability | null;
}

export interface FeedImportsTable {
  id: string;
  retailer_id: string;
  source: string;
  status: 'running' | 'completed' | 'failed' | 'interrupted';
  started_at: ColumnType<Date, Date | undefined, never>;
  finished_at: Date | null;
  items_seen: Generated<number>;
  items_created: Generated<number>;
  items_updated: Generated<number>;
  items_unchanged: Generated<number>;
  items_rejected: Generated<number>;
  items_marked_out_of_stock: Generated<number>;
  rejections: ColumnType<unknown, string | undefined, string>;
  error: string | null;
  /** Migration 0014: the pass a running import is in, and how much of an upload it has read. */
  phase: ColumnType<'reading' | 'writing' | null, 'reading' | 'writing' | null | undefined>;
  bytes_read: ColumnType<number | null, number | null | undefined>;
  bytes_total: ColumnType<number | null, number | null | undefined>;
  /** Migration 0031: which process runs it, its temporary folders, and whether it is a full feed. */
  runner: ColumnType<string | null, string | null | undefined>;
  temp_dirs: ColumnType<string[], string[] | undefined>;
  is_full_feed: ColumnType<boolean, boolean | undefined>;
}

export interface CompareRequestsTable {
  id: string;
  url: string;
  result: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

// ---- module referral (migration 0009) ----
// Declared as a merge of DatabaseSchema so the module's tables are appended in one place.

export interface DatabaseSchema {
  clicks: ClicksTable;
  click_salts: ClickSaltsTable;
}

/** One outbound click through `/api/redirect` (module referral). */
export interface ClicksTable {
  id: string;
  occurred_at: ColumnType<Date, Date | undefined, never>;
  target_url: string;
  target_host: string;
  retailer_id: string | null;
  offer_id: string | null;
  product_id: string | null;
  business_id: string | null;
  session_id: string | null;
  user_id: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  page: string | null;
  referrer: string | null;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
  is_bot: boolean;
  /** One of `clickBotReasonSchema` (contracts). */
  bot_reason: string | null;
  ip_truncated: string | null;
  identity_hash: string | null;
  referral_id: string;
}

/** The random salt of one UTC day's visitor hashes. */
export interface ClickSaltsTable {
  day: ColumnType<Date, string, never>;
  salt: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** One comparison a signed-in shopper ran (module shopper). */
export interface SearchHistoryTable {
  user_id: string;
  request_id: string;
  url: string;
  path: string;
  title: string;
  retailer_name: string;
  price_minor: number | null;
  currency: string | null;
  image_url: string | null;
  same_product_count: number;
  alternatives_count: number;
  compared_at: ColumnType<Date, Date | undefined, Date>;
}

/** A product link a shopper keeps (module shopper); at most one per link and shopper. */
export interface FavoritesTable {
  id: string;
  user_id: string;
  request_id: string | null;
  path: string | null;
  url: string;
  title: string;
  retailer_name: string;
  price_minor: number | null;
  currency: string | null;
  image_url: string | null;
  created_at: CreatedAt;
}

// ---- module tracking (migration 0010) ----

export interface DatabaseSchema {
  business_domains: BusinessDomainsTable;
  business_api_keys: BusinessApiKeysTable;
  merchant_referrals: MerchantReferralsTable;
  tracking_events: TrackingEventsTable;
  conversions: ConversionsTable;
  business_settings: BusinessSettingsTable;
}

/** A shop domain of a business; only verified ones may send browser events. */
export interface BusinessDomainsTable {
  id: string;
  business_id: string;
  domain: string;
  verification_token: string;
  verified_at: Date | null;
  created_at: CreatedAt;
}

/** A merchant integration key; only its SHA-256 is kept (plus publishable keys in full). */
export interface BusinessApiKeysTable {
  id: string;
  business_id: string;
  kind: 'publishable' | 'secret';
  prefix: string;
  last_four: string;
  key_hash: string;
  publishable_key: string | null;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** One referral-tracking call: ipick's web app sending a shopper to a merchant. */
export interface MerchantReferralsTable {
  id: string;
  referral_id: string;
  business_id: string;
  occurred_at: ColumnType<Date, Date | undefined, never>;
  target_url: string;
  source_url: string | null;
  product_name: string | null;
  user_id: string | null;
  session_id: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** A bot's call (migration 0025): kept, but in no journey or figure. */
  is_bot: Generated<boolean>;
  /** One of `clickBotReasonSchema` (contracts). */
  bot_reason: string | null;
}

/** An event from ipick's snippet on a merchant page. */
export interface TrackingEventsTable {
  id: string;
  business_id: string;
  event_type: string;
  event_data: ColumnType<unknown, string, never>;
  occurred_at: Date;
  received_at: ColumnType<Date, Date | undefined, never>;
  session_id: string | null;
  user_id: string | null;
  url: string | null;
  referral_id: string | null;
  click_id: string | null;
  visitor_id: string | null;
  /** Sent from ipick's own tracking test page: shown live, counted nowhere. */
  is_test: Generated<boolean>;
}

/** A lead, sale or refund; unique per business, kind, order id and refund id. */
export interface ConversionsTable {
  id: string;
  business_id: string;
  kind: 'lead' | 'sale' | 'refund';
  order_id: string;
  /**
   * The shop's own id of a refund, so that an order can be refunded in several parts; '' for
   * leads, sales and a refund sent without one (then one per order). Migration 0023.
   */
  refund_id: Generated<string>;
  amount_minor: number;
  currency: string | null;
  click_id: string | null;
  referral_id: string | null;
  visitor_id: string | null;
  session_id: string | null;
  source: 'server' | 'browser';
  occurred_at: Date;
  received_at: ColumnType<Date, Date | undefined, never>;
  /**
   * When ipick last sent the shopper, at or before the conversion, by the ids it quotes; null
   * when it quotes none ipick recorded. Set as the conversion is recorded (`latestIpickClickAt`).
   */
  ipick_click_at: ColumnType<Date | null, Date | null | undefined, never>;
}

/** How a business's conversions are credited. */
export interface BusinessSettingsTable {
  business_id: string;
  attribution_window_days: number;
  attribution_model: 'last_click' | 'first_click' | 'linear' | 'position_based';
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

// ---- module business, dashboard figures (migration 0012) ----

export interface DatabaseSchema {
  dashboard_click_rollups: DashboardClickRollupsTable;
  dashboard_rollup_days: DashboardRollupDaysTable;
}

/** A business's clicks of one closed UTC day or month, in total or by one dimension's value. */
export interface DashboardClickRollupsTable {
  business_id: string;
  dimension: 'all' | 'product' | 'page' | 'device' | 'country' | 'campaign';
  span: 'day' | 'month';
  day: ColumnType<Date, string, never>;
  value: string;
  clicks: number;
  unique_shoppers: number;
}

/** A closed day or month whose clicks are rolled up. */
export interface DashboardRollupDaysTable {
  business_id: string;
  span: 'day' | 'month';
  day: ColumnType<Date, string, never>;
  rolled_up_at: ColumnType<Date, Date | undefined, never>;
}

// ---- module admin (migration 0011) ----

export interface DatabaseSchema {
  auth_disabled_users: AuthDisabledUsersTable;
  admin_audit_log: AdminAuditLogTable;
}

/** A user an admin disabled: no sign-in, no session. */
export interface AuthDisabledUsersTable {
  user_id: string;
  disabled_at: ColumnType<Date, Date | undefined, never>;
  disabled_by: string | null;
}

/** One admin write, recorded in the same transaction as the write. */
export interface AdminAuditLogTable {
  id: string;
  admin_user_id: string;
  action: string;
  target_type: string;
  target_id: string;
  details: ColumnType<unknown, string, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

// ---- module business-setup (migration 0013) ----

export interface DatabaseSchema {
  business_invitations: BusinessInvitationsTable;
}

/** An emailed invitation to join a business's team; only the token's SHA-256 is kept. */
export interface BusinessInvitationsTable {
  id: string;
  business_id: string;
  email: string;
  token_hash: string;
  invited_by: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  revoked_at: Date | null;
  /** Migration 0042: the identity team invitation that mailed this one's code. */
  identity_invitation_id: ColumnType<string | null, string | null | undefined>;
}

// ---- module price-alerts (migration 0027) ----

export interface DatabaseSchema {
  price_alerts: PriceAlertsTable;
}

/** A shopper's "tell me when this offer's total is at or below the mark". */
export interface PriceAlertsTable {
  id: string;
  user_id: string;
  offer_id: string;
  target_minor: number;
  currency: string;
  title: string;
  retailer_name: string;
  path: string | null;
  is_paused: Generated<boolean>;
  is_armed: Generated<boolean>;
  fire_count: Generated<number>;
  last_fired_at: Date | null;
  last_fired_total_minor: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
