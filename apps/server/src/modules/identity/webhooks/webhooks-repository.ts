import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

/** `identity_webhook_endpoints` (migration 0051). */
export interface IdentityWebhookEndpointsTable {
  id: string;
  project_id: string;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  secret: string;
  event_types: ColumnType<string[] | null, string | null, string | null>;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** `identity_webhook_messages` (migration 0051): the delivery queue. */
export interface IdentityWebhookMessagesTable {
  id: string;
  project_id: string;
  endpoint_id: string;
  event_type: string;
  payload: ColumnType<unknown, string, never>;
  status: ColumnType<MessageStatus, MessageStatus | undefined, MessageStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** `identity_webhook_attempts` (migration 0051): every delivery attempt. */
export interface IdentityWebhookAttemptsTable {
  id: string;
  message_id: string;
  endpoint_id: string;
  attempt: number;
  status: 'succeeded' | 'failed';
  response_status_code: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number;
  attempted_at: ColumnType<Date, Date | undefined, never>;
}

/** `identity_webhook_portal_tokens` (migration 0051). */
export interface IdentityWebhookPortalTokensTable {
  token_hash: string;
  project_id: string;
  expires_at: Date;
}

declare module '../../../platform/db/schema.ts' {
  interface DatabaseSchema {
    identity_webhook_endpoints: IdentityWebhookEndpointsTable;
    identity_webhook_messages: IdentityWebhookMessagesTable;
    identity_webhook_attempts: IdentityWebhookAttemptsTable;
    identity_webhook_portal_tokens: IdentityWebhookPortalTokensTable;
  }
}

export type MessageStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookEndpoint {
  id: string;
  projectId: string;
  url: string;
  description: string;
  secret: string;
  /** null: every event type. */
  eventTypes: string[] | null;
  disabled: boolean;
  createdAt: Date;
}

export interface WebhookMessage {
  id: string;
  projectId: string;
  endpointId: string;
  eventType: string;
  payload: unknown;
  status: MessageStatus;
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
}

export interface WebhookAttempt {
  id: string;
  messageId: string;
  attempt: number;
  status: 'succeeded' | 'failed';
  responseStatusCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  attemptedAt: Date;
}

type EndpointRow = Selectable<IdentityWebhookEndpointsTable>;

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  projectId: row.project_id,
  url: row.url,
  description: row.description,
  secret: row.secret,
  eventTypes: row.event_types,
  disabled: row.disabled,
  createdAt: row.created_at,
});

/** SQL of the webhooks capability: endpoints, the queue, the attempt log and portal tokens. */
export class WebhooksRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  // ---- endpoints ----

  async insertEndpoint(endpoint: Omit<WebhookEndpoint, 'createdAt'>): Promise<void> {
    await this.#db
      .insertInto('identity_webhook_endpoints')
      .values({
        id: endpoint.id,
        project_id: endpoint.projectId,
        url: endpoint.url,
        description: endpoint.description,
        secret: endpoint.secret,
        event_types: endpoint.eventTypes === null ? null : JSON.stringify(endpoint.eventTypes),
        disabled: endpoint.disabled,
      })
      .execute();
  }

  async listEndpoints(projectId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.#db
      .selectFrom('identity_webhook_endpoints')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => toEndpoint(row));
  }

  async findEndpoint(projectId: string, id: string): Promise<WebhookEndpoint | null> {
    const row = await this.#db
      .selectFrom('identity_webhook_endpoints')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toEndpoint(row) : null;
  }

  async updateEndpoint(
    projectId: string,
    id: string,
    changes: Partial<Pick<WebhookEndpoint, 'url' | 'description' | 'eventTypes' | 'disabled'>>,
  ): Promise<void> {
    const set: Record<string, unknown> = {};
    if (changes.url !== undefined) set.url = changes.url;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.disabled !== undefined) set.disabled = changes.disabled;
    if (changes.eventTypes !== undefined) {
      set.event_types = changes.eventTypes === null ? null : JSON.stringify(changes.eventTypes);
    }
    if (Object.keys(set).length === 0) return;
    await this.#db
      .updateTable('identity_webhook_endpoints')
      .set(set)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  async deleteEndpoint(projectId: string, id: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_webhook_endpoints')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ---- the queue ----

  /** Queues one message per enabled endpoint of the project that takes this event type. */
  async enqueue(
    projectId: string,
    eventType: string,
    payload: unknown,
    newId: () => string,
  ): Promise<number> {
    const endpoints = (await this.listEndpoints(projectId)).filter(
      (e) => !e.disabled && (e.eventTypes === null || e.eventTypes.includes(eventType)),
    );
    if (endpoints.length === 0) return 0;
    await this.#db
      .insertInto('identity_webhook_messages')
      .values(
        endpoints.map((endpoint) => ({
          id: newId(),
          project_id: projectId,
          endpoint_id: endpoint.id,
          event_type: eventType,
          payload: JSON.stringify(payload),
        })),
      )
      .execute();
    return endpoints.length;
  }

  /**
   * Takes up to `limit` due messages for `lockMs`: no other worker (process) takes them
   * meanwhile. A worker that dies lets its messages go when the lock ends.
   */
  async claimDue(limit: number, lockMs: number): Promise<WebhookMessage[]> {
    const result = await sql<MessageRow>`
      update identity_webhook_messages
         set locked_until = now() + make_interval(secs => ${lockMs / 1000})
       where id in (
         select id from identity_webhook_messages
          where status = 'pending'
            and next_attempt_at <= now()
            and (locked_until is null or locked_until < now())
          order by next_attempt_at
          limit ${limit}
          for update skip locked)
      returning *`.execute(this.#db);
    return result.rows.map(toMessage);
  }

  async recordAttempt(
    attempt: Omit<WebhookAttempt, 'attemptedAt'> & { endpointId: string },
    next: { status: MessageStatus; nextAttemptAt: Date },
  ): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto('identity_webhook_attempts')
        .values({
          id: attempt.id,
          message_id: attempt.messageId,
          endpoint_id: attempt.endpointId,
          attempt: attempt.attempt,
          status: attempt.status,
          response_status_code: attempt.responseStatusCode,
          response_body: attempt.responseBody,
          error: attempt.error,
          duration_ms: attempt.durationMs,
        })
        .execute();
      await trx
        .updateTable('identity_webhook_messages')
        .set({
          attempts: attempt.attempt,
          status: next.status,
          next_attempt_at: next.nextAttemptAt,
          locked_until: null,
        })
        .where('id', '=', attempt.messageId)
        .execute();
    });
  }

  /** Deletes finished messages (and their attempts) created before `before`. */
  async pruneFinished(before: Date): Promise<number> {
    const result = await this.#db
      .deleteFrom('identity_webhook_messages')
      .where('status', '<>', 'pending')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Makes a message due now again (a manual resend); false if it is not the project's. */
  async requeue(projectId: string, messageId: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('identity_webhook_messages')
      .set({ status: 'pending', next_attempt_at: new Date(), locked_until: null })
      .where('project_id', '=', projectId)
      .where('id', '=', messageId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async listMessages(
    projectId: string,
    filter: { endpointId?: string; limit: number },
  ): Promise<WebhookMessage[]> {
    let query = this.#db
      .selectFrom('identity_webhook_messages')
      .selectAll()
      .where('project_id', '=', projectId);
    if (filter.endpointId) query = query.where('endpoint_id', '=', filter.endpointId);
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .execute();
    return rows.map((row) => toMessage(row as MessageRow));
  }

  async listAttempts(messageIds: string[]): Promise<WebhookAttempt[]> {
    if (messageIds.length === 0) return [];
    const rows = await this.#db
      .selectFrom('identity_webhook_attempts')
      .selectAll()
      .where('message_id', 'in', messageIds)
      .orderBy('attempt')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      messageId: row.message_id,
      attempt: row.attempt,
      status: row.status,
      responseStatusCode: row.response_status_code,
      responseBody: row.response_body,
      error: row.error,
      durationMs: row.duration_ms,
      attemptedAt: row.attempted_at,
    }));
  }

  // ---- portal tokens ----

  async insertPortalToken(tokenHash: string, projectId: string, expiresAt: Date): Promise<void> {
    await this.#db
      .insertInto('identity_webhook_portal_tokens')
      .values({ token_hash: tokenHash, project_id: projectId, expires_at: expiresAt })
      .execute();
    // Expired tokens go as new ones come.
    await this.#db
      .deleteFrom('identity_webhook_portal_tokens')
      .where('expires_at', '<', new Date())
      .execute();
  }

  async findPortalTokenProject(tokenHash: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('identity_webhook_portal_tokens')
      .select('project_id')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row?.project_id ?? null;
  }
}

interface MessageRow {
  id: string;
  project_id: string;
  endpoint_id: string;
  event_type: string;
  payload: unknown;
  status: MessageStatus;
  attempts: number;
  next_attempt_at: Date;
  created_at: Date;
}

function toMessage(row: MessageRow): WebhookMessage {
  return {
    id: row.id,
    projectId: row.project_id,
    endpointId: row.endpoint_id,
    eventType: row.event_type,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at),
    createdAt: new Date(row.created_at),
  };
}
