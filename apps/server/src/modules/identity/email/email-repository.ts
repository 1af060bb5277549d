import type { ColumnType, Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

/** `identity_email_themes` (migration 0050). */
export interface IdentityEmailThemesTable {
  project_id: string;
  id: string;
  display_name: string;
  tsx_source: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** `identity_email_templates` (migration 0050). */
export interface IdentityEmailTemplatesTable {
  project_id: string;
  id: string;
  display_name: string;
  tsx_source: string;
  /** null: the project's theme; 'none': no theme; else a theme's id. */
  theme_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** `identity_sent_emails` (migration 0050). */
export interface IdentitySentEmailsTable {
  id: string;
  project_id: string;
  to_address: string;
  subject: string;
  html_body: string | null;
  text_body: string;
  error: string | null;
  sent_at: ColumnType<Date, Date | undefined, never>;
}

declare module '../../../platform/db/schema.ts' {
  interface DatabaseSchema {
    identity_email_themes: IdentityEmailThemesTable;
    identity_email_templates: IdentityEmailTemplatesTable;
    identity_sent_emails: IdentitySentEmailsTable;
  }
}

export interface StoredTheme {
  id: string;
  displayName: string;
  tsxSource: string;
}

/** A template's theme: the project's, none, or one by id. */
export type TemplateTheme = { kind: 'project' } | { kind: 'none' } | { kind: 'theme'; id: string };

export interface StoredTemplate {
  id: string;
  displayName: string;
  tsxSource: string;
  theme: TemplateTheme;
}

export interface SentEmail {
  id: string;
  to: string;
  subject: string;
  sentAt: Date;
  error: string | null;
}

const NO_THEME = 'none';

function themeOf(column: string | null): TemplateTheme {
  if (column === null) return { kind: 'project' };
  if (column === NO_THEME) return { kind: 'none' };
  return { kind: 'theme', id: column };
}

function themeColumn(theme: TemplateTheme): string | null {
  if (theme.kind === 'project') return null;
  return theme.kind === 'none' ? NO_THEME : theme.id;
}

/** The only place with SQL for email templates, themes and the sent-mail log. */
export class EmailRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async listThemes(projectId: string): Promise<StoredTheme[]> {
    const rows = await this.#db
      .selectFrom('identity_email_themes')
      .select(['id', 'display_name', 'tsx_source'])
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      displayName: row.display_name,
      tsxSource: row.tsx_source,
    }));
  }

  async saveTheme(projectId: string, theme: StoredTheme): Promise<void> {
    await this.#db
      .insertInto('identity_email_themes')
      .values({
        project_id: projectId,
        id: theme.id,
        display_name: theme.displayName,
        tsx_source: theme.tsxSource,
      })
      .onConflict((conflict) =>
        conflict.columns(['project_id', 'id']).doUpdateSet({
          display_name: theme.displayName,
          tsx_source: theme.tsxSource,
          updated_at: new Date(),
        }),
      )
      .execute();
  }

  async listTemplates(projectId: string): Promise<StoredTemplate[]> {
    const rows = await this.#db
      .selectFrom('identity_email_templates')
      .select(['id', 'display_name', 'tsx_source', 'theme_id'])
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      displayName: row.display_name,
      tsxSource: row.tsx_source,
      theme: themeOf(row.theme_id),
    }));
  }

  async saveTemplate(projectId: string, template: StoredTemplate): Promise<void> {
    const themeId = themeColumn(template.theme);
    await this.#db
      .insertInto('identity_email_templates')
      .values({
        project_id: projectId,
        id: template.id,
        display_name: template.displayName,
        tsx_source: template.tsxSource,
        theme_id: themeId,
      })
      .onConflict((conflict) =>
        conflict.columns(['project_id', 'id']).doUpdateSet({
          display_name: template.displayName,
          tsx_source: template.tsxSource,
          theme_id: themeId,
          updated_at: new Date(),
        }),
      )
      .execute();
  }

  /** Removes a stored theme; false when there was none. */
  async deleteTheme(projectId: string, id: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_email_themes')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Removes a stored template; false when there was none. */
  async deleteTemplate(projectId: string, id: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_email_templates')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async recordSent(
    projectId: string,
    mail: { id: string; to: string; subject: string; html: string | null; text: string },
    error: string | null,
  ): Promise<void> {
    await this.#db
      .insertInto('identity_sent_emails')
      .values({
        id: mail.id,
        project_id: projectId,
        to_address: mail.to,
        subject: mail.subject,
        html_body: mail.html,
        text_body: mail.text,
        error,
      })
      .execute();
  }

  /** The project's sent mail, newest first. */
  async listSent(projectId: string, limit: number): Promise<SentEmail[]> {
    const rows = await this.#db
      .selectFrom('identity_sent_emails')
      .select(['id', 'to_address', 'subject', 'sent_at', 'error'])
      .where('project_id', '=', projectId)
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      sentAt: row.sent_at,
      error: row.error,
    }));
  }
}
