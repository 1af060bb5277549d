import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { Identity } from '../identity/identity.ts';
import { BusinessSetupRepository } from './business-setup-repository.ts';
import { BusinessSetupService } from './business-setup-service.ts';
import { MerchantStaffTeam } from './merchant-staff-team.ts';
import { businessSetupRoutes } from './routes.ts';

export interface BusinessSetupModuleOptions {
  db: Kysely<DatabaseSchema>;
  auth: AuthService;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  /** With it, the staff is an identity team and invitations are its emailed invitations. */
  identity?: Identity;
}

/** A merchant's set-up: shop profile, test events, integration status, team invitations. */
export async function businessSetupModule(
  app: FastifyInstance,
  options: BusinessSetupModuleOptions,
) {
  const repository = new BusinessSetupRepository(options.db);
  const { identity, auth, publicUrl } = options;
  const staffTeam = identity
    ? new MerchantStaffTeam({ identity, repository, project: () => auth.project(), publicUrl })
    : undefined;
  const setup = new BusinessSetupService(repository, {
    sendMail: (message) => options.mailer.send(message),
    publicUrl,
    staffTeam,
  });
  await app.register(businessSetupRoutes, { auth: options.auth, setup });
}
