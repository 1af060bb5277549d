import { randomBytes, randomUUID } from 'node:crypto';
import { MAX_MERCHANT_DOMAINS, type MerchantDomain } from '@ipick/contracts';
import { AppError } from '../../platform/errors.ts';
import type { SafeFetcher } from '../../platform/fetcher/safe-fetcher.ts';
import { verifySite } from './site-verification.ts';
import { toMerchantDomain } from './tracking-presenters.ts';
import {
  isUniqueViolation,
  type BusinessRow,
  type TrackingRepository,
} from './tracking-repository.ts';

export interface DomainServiceOptions {
  /** Let verification use http as well as https: only where the fetcher reaches private hosts. */
  allowHttp: boolean;
}

function newToken(): string {
  return `ipick-${randomBytes(18).toString('base64url')}`;
}

/**
 * A merchant's shop domains: the business's own domain is the first, more may be added, and
 * each is proved by a token on the shop (a meta tag on the home page or a file under
 * `/.well-known/`) before browser events from it are accepted.
 */
export class DomainService {
  readonly #repository: TrackingRepository;
  readonly #fetcher: SafeFetcher;
  readonly #options: DomainServiceOptions;

  constructor(repository: TrackingRepository, fetcher: SafeFetcher, options: DomainServiceOptions) {
    this.#repository = repository;
    this.#fetcher = fetcher;
    this.#options = options;
  }

  /** The business's domains, its own first. */
  async list(business: BusinessRow): Promise<MerchantDomain[]> {
    await this.#repository.ensurePrimaryDomain(business, newToken(), randomUUID());
    const rows = await this.#repository.listDomains(business.id);
    return rows
      .map((row) => toMerchantDomain(row, business.domain))
      .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  }

  /**
   * Adds a domain to verify. Throws `conflict` when the business has it already, when another
   * business owns it (its own domain or verified) and past `MAX_MERCHANT_DOMAINS`.
   */
  async add(business: BusinessRow, domain: string): Promise<MerchantDomain> {
    if (!this.#options.allowHttp && isLocalOrAddress(domain)) {
      // Only tests and local demos (IPICK_FETCH_ALLOW_PRIVATE=1) verify such hosts; anywhere
      // else verification could never reach them, and an address is no shop's name (spec §5).
      throw new AppError(
        'invalid_request',
        "domain: enter your shop's domain name, such as shop.example.com, not localhost or an IP address",
      );
    }
    const existing = await this.list(business);
    if (existing.some((row) => row.domain === domain)) {
      throw new AppError('conflict', `domain: ${domain} is already on your list`);
    }
    if (existing.length >= MAX_MERCHANT_DOMAINS) {
      throw new AppError(
        'conflict',
        `A business can have at most ${MAX_MERCHANT_DOMAINS} domains.`,
      );
    }
    if (await this.#repository.isDomainTakenByOther(business.id, domain)) {
      throw new AppError('conflict', `domain: ${domain} belongs to another business on ipick`);
    }
    const row = await this.#repository.insertDomain({
      id: randomUUID(),
      business_id: business.id,
      domain,
      verification_token: newToken(),
    });
    if (!row) throw new AppError('conflict', `domain: ${domain} is already on your list`);
    return toMerchantDomain(row, business.domain);
  }

  /** Removes an added domain; the business's own domain stays. `not_found` for another's. */
  async remove(business: BusinessRow, id: string): Promise<void> {
    const row = await this.#repository.findDomain(business.id, id);
    if (!row) throw new AppError('not_found', 'There is no such domain on your list.');
    if (row.domain === business.domain.toLowerCase()) {
      throw new AppError('conflict', "Your business's own domain cannot be removed.");
    }
    await this.#repository.deleteDomain(business.id, id);
  }

  /**
   * Looks for the domain's token on the shop and marks it verified. Throws `invalid_request`
   * saying what was tried and what was found when the token is not there or the shop cannot
   * be reached, and `conflict` when another business verified the domain first.
   */
  async verify(business: BusinessRow, id: string): Promise<MerchantDomain> {
    const row = await this.#repository.findDomain(business.id, id);
    if (!row) throw new AppError('not_found', 'There is no such domain on your list.');
    if (row.verified_at) return toMerchantDomain(row, business.domain);
    const result = await verifySite(this.#fetcher, row.domain, row.verification_token, {
      allowHttp: this.#options.allowHttp,
    });
    if (!result.isVerified) {
      throw new AppError(
        'invalid_request',
        `Could not verify ${row.domain}: ${result.problems.join('; ')}. Add the meta tag to your ` +
          'home page or upload the file, then try again.',
      );
    }
    try {
      return toMerchantDomain(
        await this.#repository.markDomainVerified(row.id, new Date()),
        business.domain,
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('conflict', `${row.domain} is already verified by another business.`);
      }
      throw error;
    }
  }
}

/** `localhost` or an IPv4 address, with or without a port. */
function isLocalOrAddress(domain: string): boolean {
  return /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?$/.test(domain);
}
