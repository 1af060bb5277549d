import type { ColumnType, Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

/** `identity_ai_chat_messages` (migration 0052). */
export interface IdentityAiChatMessagesTable {
  id: string;
  project_id: string;
  thread_id: string;
  message: ColumnType<unknown, string, never>;
  context_type: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

declare module '../../../platform/db/schema.ts' {
  interface DatabaseSchema {
    identity_ai_chat_messages: IdentityAiChatMessagesTable;
  }
}

/** SQL of the AI chat: the messages of each thread, in the order they came. */
export class AiChatRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async append(
    projectId: string,
    threadId: string,
    message: { id: string; body: unknown; contextType: string | null },
  ): Promise<void> {
    await this.#db
      .insertInto('identity_ai_chat_messages')
      .values({
        id: message.id,
        project_id: projectId,
        thread_id: threadId,
        message: JSON.stringify(message.body),
        context_type: message.contextType,
      })
      .execute();
  }

  async list(projectId: string, threadId: string): Promise<unknown[]> {
    const rows = await this.#db
      .selectFrom('identity_ai_chat_messages')
      .select('message')
      .where('project_id', '=', projectId)
      .where('thread_id', '=', threadId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) =>
      typeof row.message === 'string' ? (JSON.parse(row.message) as unknown) : row.message,
    );
  }
}
