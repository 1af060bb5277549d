import { randomUUID } from 'node:crypto';
import type { Identity } from '../identity/identity.ts';
import type { UserRecord } from '../identity/core/identity-repository.ts';
import type { AuthRepository, BusinessRecord } from './auth-repository.ts';

/**
 * Operator-side account set-up (no HTTP): the first admin, and the demo accounts. A user that
 * already exists keeps their password; they are only given the role.
 */
export class AccountsSetup {
  readonly #identity: Identity;
  readonly #repository: AuthRepository;

  constructor(identity: Identity, repository: AuthRepository) {
    this.#identity = identity;
    this.#repository = repository;
  }

  /** Creates the user if needed and makes them an admin. */
  async ensureAdmin(
    email: string,
    password: string,
  ): Promise<{ user: UserRecord; created: boolean }> {
    const result = await this.ensureUser(email, password, 'ipick admin');
    await this.#repository.grantAdmin(result.user.id);
    return result;
  }

  async ensureUser(
    email: string,
    password: string,
    displayName: string,
  ): Promise<{ user: UserRecord; created: boolean }> {
    const project = await this.#identity.projects.ensureDefaultProject();
    const existing = await this.#identity.accounts.findByEmail(project.id, email);
    if (existing) return { user: existing, created: false };
    const user = await this.#identity.accounts.createByServer(
      project,
      { email, emailVerified: true, emailAuthEnabled: true, password },
      { displayName },
    );
    return { user, created: true };
  }

  /** A merchant user running an active business on `domain`. */
  async ensureBusiness(input: {
    email: string;
    password: string;
    name: string;
    domain: string;
  }): Promise<BusinessRecord> {
    const { user } = await this.ensureUser(input.email, input.password, input.name);
    const existing = await this.#repository.findBusinessOfUser(user.id);
    if (existing) return existing;
    return this.#repository.insertBusinessWithOwner({
      id: randomUUID(),
      name: input.name,
      domain: input.domain,
      contactEmail: input.email,
      status: 'active',
      ownerUserId: user.id,
    });
  }
}
