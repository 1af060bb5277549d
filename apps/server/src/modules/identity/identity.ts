import { Admin } from './admin/admin.ts';
import { AdminRepository } from './admin/admin-repository.ts';
import { ApiKeys } from './api-keys/api-keys.ts';
import { ApiKeysRepository } from './api-keys/api-keys-repository.ts';
import { CliAuth } from './cli/cli-auth.ts';
import { CliAuthRepository } from './cli/cli-auth-repository.ts';
import { randomBytes } from 'node:crypto';
import { EmailRenderer } from './email/email-renderer.ts';
import { EmailRepository } from './email/email-repository.ts';
import { Emails } from './email/emails.ts';
import { Mfa } from './mfa/mfa.ts';
import { OAuth } from './oauth/oauth.ts';
import { OAuthRepository } from './oauth/oauth-repository.ts';
import { OAuthProviders, type SharedOAuthCredentials } from './oauth/providers.ts';
import { SealedSecrets } from './oauth/sealed-secrets.ts';
import { Passkeys } from './passkeys/passkeys.ts';
import { PasskeysRepository } from './passkeys/passkeys-repository.ts';
import { MfaRepository } from './mfa/mfa-repository.ts';
import type { Accounts } from './core/accounts.ts';
import { isUuid } from './core/request-context.ts';
import {
  createIdentityCore,
  type IdentityCore,
  type IdentityCoreOptions,
} from './core/identity-core.ts';
import { ContactChannels } from './contact-channels/contact-channels.ts';
import { ContactChannelsRepository } from './contact-channels/contact-channels-repository.ts';
import { NotificationPreferences } from './notification-preferences/notification-preferences.ts';
import { NotificationPreferencesRepository } from './notification-preferences/notification-preferences-repository.ts';
import { Permissions } from './permissions/permissions.ts';
import { PermissionsRepository } from './permissions/permissions-repository.ts';
import { Invitations } from './teams/invitations.ts';
import { InvitationsRepository } from './teams/invitations-repository.ts';
import { Teams } from './teams/teams.ts';
import { TeamsRepository } from './teams/teams-repository.ts';
import { AiChat, type AiChatSettings } from './ai-chat/ai-chat.ts';
import { AiChatRepository } from './ai-chat/ai-chat-repository.ts';
import { Payments, type StripeSettings } from './payments/payments.ts';
import { PaymentsRepository } from './payments/payments-repository.ts';
import { Webhooks, type WebhookDeliveryOptions } from './webhooks/webhooks.ts';
import { WebhooksRepository } from './webhooks/webhooks-repository.ts';

export interface IdentityOptions extends IdentityCoreOptions {
  /**
   * The server's identity secret (32 bytes or more): it encrypts provider tokens at rest and
   * signs the OAuth flow's cookie. Without one (tests), a random secret lives as long as the
   * process.
   */
  secret?: Uint8Array;
  /** The operator's own client of each provider, for projects that use `shared` keys. */
  sharedOAuthCredentials?: SharedOAuthCredentials;
  /** The webhook worker's poll and retry schedule (tests shorten it). */
  webhookDelivery?: WebhookDeliveryOptions;
  /** The server's Stripe platform account; without it payments answer that none is set up. */
  stripe?: StripeSettings | null;
  /** The OpenAI-compatible endpoint of the admin tier's AI chat; none if absent. */
  aiChat?: AiChatSettings | null;
}

/**
 * The identity service's parts, wired together: the core and each capability built on it.
 * It depends on no other module.
 */
export interface Identity extends IdentityCore {
  teams: Teams;
  permissions: Permissions;
  cliAuth: CliAuth;
  mfa: Mfa;
  invitations: Invitations;
  contactChannels: ContactChannels;
  notificationPreferences: NotificationPreferences;
  apiKeys: ApiKeys;
  oauth: OAuth;
  passkeys: Passkeys;
  emails: Emails;
  admin: Admin;
  webhooks: Webhooks;
  payments: Payments;
  aiChat: AiChat;
}

export function createIdentity(options: IdentityOptions): Identity {
  const core = createIdentityCore(options);
  const teams = new Teams(new TeamsRepository(options.db));
  const permissions = new Permissions(new PermissionsRepository(options.db), core.projects, teams);
  // The core and teams know their capabilities only through these hooks.
  core.accounts.teamLinks = teams;
  core.accounts.onUserCreated((project, userId) => permissions.grantUserDefaults(project, userId));
  teams.permissions = permissions;
  teams.events = core.events;
  permissions.events = core.events;
  const webhooks = new Webhooks(new WebhooksRepository(options.db), {
    ...options.webhookDelivery,
    onError: options.onBackgroundError,
  });
  webhooks.listen(core.events);
  const payments = new Payments({
    repository: new PaymentsRepository(options.db),
    stripe: options.stripe ?? null,
    publicUrl: options.publicUrl,
    customerExists: async (projectId, customer) => {
      if (customer.type === 'custom') return true;
      if (!isUuid(customer.id)) return false;
      if (customer.type === 'user')
        return (await core.accounts.find(projectId, customer.id)) !== null;
      return teams.require(projectId, customer.id).then(
        () => true,
        () => false,
      );
    },
  });
  const cliAuth = new CliAuth(new CliAuthRepository(options.db), core.sessions, core.accounts);
  const mfa = new Mfa(new MfaRepository(options.db), core.sessions, core.accounts);
  core.accounts.beforeSignIn((project, user) => mfa.requireSecondFactor(project, user));
  const sendIdentityMail: Accounts['sendIdentityMail'] = (project, mail) =>
    core.accounts.sendIdentityMail(project, mail);
  const invitations = new Invitations({
    repository: new InvitationsRepository(options.db),
    teams,
    codes: core.codes,
    sendIdentityMail,
    publicUrl: options.publicUrl,
  });
  const contactChannels = new ContactChannels({
    repository: new ContactChannelsRepository(options.db),
    codes: core.codes,
    sendIdentityMail,
    publicUrl: options.publicUrl,
  });
  const notificationPreferences = new NotificationPreferences(
    new NotificationPreferencesRepository(options.db),
  );
  const emails = new Emails({
    repository: new EmailRepository(options.db),
    renderer: new EmailRenderer(),
    notificationPreferences,
    sendMail: options.sendMail,
    publicUrl: options.publicUrl,
    onTemplateFallback: options.onBackgroundError,
  });
  // Identity mail renders through the project's templates and theme.
  core.accounts.sendIdentityMail = (project, mail) => emails.sendIdentityMail(project, mail);
  const apiKeys = new ApiKeys(new ApiKeysRepository(options.db));
  const oauth = new OAuth({
    repository: new OAuthRepository(options.db),
    accounts: core.accounts,
    providers: new OAuthProviders(options.sharedOAuthCredentials),
    secrets: new SealedSecrets(options.secret ?? randomBytes(32)),
    publicUrl: options.publicUrl,
  });
  core.accounts.oauthProvidersOf = (user) => oauth.userProviders(user);
  core.accounts.linkOAuthAccount = async (project, userId, account) => {
    await oauth.createAccount(project, {
      userId,
      ...account,
      allowSignIn: true,
      allowConnectedAccounts: true,
    });
  };
  const passkeys = new Passkeys(
    new PasskeysRepository(options.db),
    core.accounts,
    options.publicUrl,
  );
  const admin = new Admin({
    repository: new AdminRepository(options.db),
    identityRepository: core.repository,
    projects: core.projects,
    accounts: core.accounts,
    teams,
    publicUrl: options.publicUrl,
  });
  core.projects.isOwner = (project, userId) => admin.isOwner(project, userId);
  return {
    ...core,
    admin,
    webhooks,
    payments,
    aiChat: new AiChat(new AiChatRepository(options.db), options.aiChat ?? null),
    authorizationCodeGrant: (project, request, ip) => oauth.exchangeCode(project, request, ip),
    cliAuth,
    mfa,
    teams,
    permissions,
    invitations,
    contactChannels,
    notificationPreferences,
    apiKeys,
    oauth,
    passkeys,
    emails,
  };
}
