import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { BusinessSetupRepository } from './business-setup-repository.ts';
import { BusinessSetupService } from './business-setup-service.ts';
import { businessSetupRoutes } from './routes.ts';

export interface BusinessSetupModuleOptions {
  db: Kysely<DatabaseSchema>;
  auth: AuthService;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
}

/** A merchant's set-up: shop profile, test events, integration status, team invitations. */
export async function businessSetupModule(
  app: FastifyInstance,
  options: BusinessSetupModuleOptions,
) {
  const setup = new BusinessSetupService(new BusinessSetupRepository(options.db), {
    sendMail: (message) => options.mailer.send(message),
    publicUrl: options.publicUrl,
  });
  await app.register(businessSetupRoutes, { auth: options.auth, setup });
}
