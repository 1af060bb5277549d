import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { Agent, fetch } from 'undici';
import { createCheckedLookup, systemResolver } from '../../../platform/fetcher/checked-lookup.ts';
import { FetchRefusedError } from '../../../platform/fetcher/fetch-refused-error.ts';
import { checkTargetUrl } from '../../../platform/fetcher/url-policy.ts';
import { knownErrors } from '../core/known-errors.ts';
import type { IdentityEvent, IdentityEvents } from '../core/identity-events.ts';
import { hashToken, randomToken } from '../core/secrets.ts';
import type {
  WebhookAttempt,
  WebhookEndpoint,
  WebhookMessage,
  WebhooksRepository,
} from './webhooks-repository.ts';

/**
 * When a failed message is tried again, counted from the failed attempt: Svix's schedule
 * (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), so an endpoint has about a day and a half to come
 * back. After the last, the message is `failed`; the operator may resend it.
 */
export const DEFAULT_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

export interface WebhookDeliveryOptions {
  /** How often the worker looks for due messages; 1 s by default. */
  pollMs?: number;
  retryDelaysMs?: number[];
  /** How long one delivery may take, answer included; 15 s by default. */
  timeoutMs?: number;
  /**
   * Deliver to loopback and private-network addresses (IPICK_FETCH_ALLOW_PRIVATE=1: tests and
   * local demos). Off by default: a project owner could otherwise reach the server's own
   * network and read the answers in the delivery log.
   */
  allowPrivate?: boolean;
}

/** How long a portal token (POST /webhooks/svix-token) opens the portal endpoints. */
const PORTAL_TOKEN_MS = 24 * 3_600_000;
/** How long a worker holds a claimed message before another may take it. */
const LOCK_MS = 60_000;
const BATCH = 20;
const RESPONSE_BODY_CHARS = 1000;
/** The delivery log keeps finished messages this long; the worker prunes older ones hourly. */
export const LOG_RETENTION_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Identity webhooks (spec §7 "webhooks token"): each project's endpoints get its user, team,
 * membership and permission events, signed in the Standard Webhooks format. Events are queued
 * in the database (one message per endpoint) and delivered by a worker that polls the queue,
 * retries with backoff and logs every attempt. No outside delivery service is involved.
 */
export class Webhooks {
  readonly #repository: WebhooksRepository;
  readonly #retryDelaysMs: number[];
  readonly #pollMs: number;
  readonly #timeoutMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #policy: { allowPrivate: boolean };
  readonly #agent: Agent;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #prunedAt = 0;

  constructor(
    repository: WebhooksRepository,
    options: WebhookDeliveryOptions & { onError: (error: unknown) => void },
  ) {
    this.#repository = repository;
    this.#retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.#pollMs = options.pollMs ?? 1000;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#onError = options.onError;
    this.#policy = { allowPrivate: options.allowPrivate ?? false };
    // Every address a host name resolves to is checked as the socket connects.
    this.#agent = new Agent({
      connect: { lookup: createCheckedLookup(systemResolver, this.#policy) },
    });
  }

  /**
   * Refuses an endpoint URL that is not http(s) or names a private address outright; host names
   * are checked again, by address, at each delivery.
   */
  checkUrl(url: string): void {
    try {
      checkTargetUrl(url, this.#policy);
    } catch (error) {
      if (!(error instanceof FetchRefusedError)) throw error;
      throw knownErrors.schemaError(
        error.reason === 'private_address'
          ? 'body.url: points at a loopback or private-network address, which webhooks do not reach'
          : `body.url: ${error.message}`,
      );
    }
  }

  /** Listens to the identity events: each is queued for the project's endpoints. */
  listen(events: IdentityEvents): void {
    events.on((event) => this.enqueue(event));
  }

  async enqueue(event: IdentityEvent): Promise<void> {
    const queued = await this.#repository.enqueue(
      event.projectId,
      event.type,
      { type: event.type, data: event.data },
      randomUUID,
    );
    if (queued > 0) this.kick();
  }

  // ---- the worker ----

  /** Starts polling the queue. */
  start(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setInterval(() => this.kick(), this.#pollMs);
    this.#timer.unref();
    this.kick();
  }

  /** Stops polling, after the round under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
    await this.#agent.close();
  }

  /** Delivers what is due now, without waiting for the next poll. */
  kick(): void {
    if (this.#stopped || !this.#timer) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.deliverDue()
      .catch((error: unknown) => this.#onError(error))
      .finally(() => {
        this.#running = null;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /** One round: claims due messages and delivers each once. */
  async deliverDue(): Promise<void> {
    if (Date.now() - this.#prunedAt > PRUNE_EVERY_MS) {
      this.#prunedAt = Date.now();
      await this.#repository.pruneFinished(new Date(Date.now() - LOG_RETENTION_MS));
    }
    for (;;) {
      const messages = await this.#repository.claimDue(BATCH, LOCK_MS);
      if (messages.length === 0) return;
      await Promise.all(messages.map((message) => this.#deliver(message)));
      if (this.#stopped) return;
    }
  }

  async #deliver(message: WebhookMessage): Promise<void> {
    const endpoint = await this.#repository.findEndpoint(message.projectId, message.endpointId);
    if (!endpoint) return; // deleted meanwhile; its messages went with it
    const attempt = message.attempts + 1;
    const body = JSON.stringify(message.payload);
    const timestamp = new Date();
    const started = performance.now();
    let statusCode: number | null = null;
    let responseBody: string | null = null;
    let error: string | null = null;
    try {
      const signature = new Webhook(endpoint.secret).sign(message.id, timestamp, body);
      const { url } = checkTargetUrl(endpoint.url, this.#policy);
      const response = await fetch(url, {
        dispatcher: this.#agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'ipick-webhooks/1',
          'webhook-id': message.id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      statusCode = response.status;
      responseBody = (await response.text().catch(() => '')).slice(0, RESPONSE_BODY_CHARS);
    } catch (caught) {
      error = describeFailure(caught);
    }
    const succeeded = statusCode !== null && statusCode >= 200 && statusCode < 300;
    if (!succeeded && error === null) error = `the endpoint answered ${statusCode}`;
    const delay = this.#retryDelaysMs[attempt - 1];
    await this.#repository.recordAttempt(
      {
        id: randomUUID(),
        messageId: message.id,
        endpointId: endpoint.id,
        attempt,
        status: succeeded ? 'succeeded' : 'failed',
        responseStatusCode: statusCode,
        responseBody,
        error: succeeded ? null : error,
        durationMs: Math.round(performance.now() - started),
      },
      succeeded
        ? { status: 'delivered', nextAttemptAt: message.nextAttemptAt }
        : delay === undefined
          ? { status: 'failed', nextAttemptAt: message.nextAttemptAt }
          : { status: 'pending', nextAttemptAt: new Date(Date.now() + delay) },
    );
  }

  // ---- the operator's portal ----

  /** A token for the portal endpoints of this project (POST /webhooks/svix-token). */
  async createPortalToken(projectId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = `whpt_${randomToken()}`;
    const expiresAt = new Date(Date.now() + PORTAL_TOKEN_MS);
    await this.#repository.insertPortalToken(hashToken(token), projectId, expiresAt);
    return { token, expiresAt };
  }

  /** The project a portal token opens, or null. */
  projectOfPortalToken(token: string): Promise<string | null> {
    return this.#repository.findPortalTokenProject(hashToken(token));
  }

  listEndpoints(projectId: string): Promise<WebhookEndpoint[]> {
    return this.#repository.listEndpoints(projectId);
  }

  findEndpoint(projectId: string, id: string): Promise<WebhookEndpoint | null> {
    return this.#repository.findEndpoint(projectId, id);
  }

  async createEndpoint(
    projectId: string,
    input: { url: string; description?: string; eventTypes?: string[] | null },
  ): Promise<WebhookEndpoint> {
    this.checkUrl(input.url);
    const id = randomUUID();
    await this.#repository.insertEndpoint({
      id,
      projectId,
      url: input.url,
      description: input.description ?? '',
      secret: `whsec_${randomBytes(24).toString('base64')}`,
      eventTypes: input.eventTypes ?? null,
      disabled: false,
    });
    return (await this.#repository.findEndpoint(projectId, id))!;
  }

  async updateEndpoint(
    projectId: string,
    id: string,
    changes: {
      url?: string;
      description?: string;
      eventTypes?: string[] | null;
      disabled?: boolean;
    },
  ): Promise<WebhookEndpoint | null> {
    if (changes.url !== undefined) this.checkUrl(changes.url);
    await this.#repository.updateEndpoint(projectId, id, changes);
    return this.#repository.findEndpoint(projectId, id);
  }

  deleteEndpoint(projectId: string, id: string): Promise<boolean> {
    return this.#repository.deleteEndpoint(projectId, id);
  }

  /** The newest messages with their attempts: the delivery log. */
  async deliveryLog(
    projectId: string,
    filter: { endpointId?: string; limit: number },
  ): Promise<(WebhookMessage & { attemptLog: WebhookAttempt[] })[]> {
    const messages = await this.#repository.listMessages(projectId, filter);
    const attempts = await this.#repository.listAttempts(messages.map((m) => m.id));
    return messages.map((message) => ({
      ...message,
      attemptLog: attempts.filter((a) => a.messageId === message.id),
    }));
  }

  /** Sends a message again now, whatever became of it. */
  async resend(projectId: string, messageId: string): Promise<boolean> {
    const found = await this.#repository.requeue(projectId, messageId);
    if (found) this.kick();
    return found;
  }
}

function describeFailure(error: unknown): string {
  const refused = [error, (error as { cause?: unknown } | null)?.cause].find(
    (e): e is FetchRefusedError => e instanceof FetchRefusedError,
  );
  if (refused) return `refused: ${refused.reason}`;
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'no answer in time';
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
