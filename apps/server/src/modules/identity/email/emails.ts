import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { OutgoingMail, SendMail } from '../core/accounts.ts';
import type { IdentityMail } from '../core/identity-mail.ts';
import type { ProjectRecord, UserRecord } from '../core/identity-repository.ts';
import { KnownError, StatusError } from '../core/known-errors.ts';
import { resolveTrustedUrl } from '../core/trusted-urls.ts';
import type { NotificationPreferences } from '../notification-preferences/notification-preferences.ts';
import { NOTIFICATION_CATEGORIES } from '../notification-preferences/notification-categories.ts';
import {
  DEFAULT_TEMPLATES,
  DEFAULT_THEME,
  DEFAULT_THEME_ID,
  NEW_TEMPLATE_SOURCE,
  NEW_THEME_SOURCE,
} from './default-templates.ts';
import type { EmailRenderer, RenderInput, RenderOutput } from './email-renderer.ts';
import { EmailRenderError } from './email-renderer.ts';
import type {
  EmailRepository,
  SentEmail,
  StoredTemplate,
  StoredTheme,
  TemplateTheme,
} from './email-repository.ts';

/** EMAIL_RENDERING_ERROR (spec §8): a template or theme that does not compile or render. */
export function emailRenderingError(error: string): KnownError {
  return new KnownError(
    'EMAIL_RENDERING_ERROR',
    400,
    `Failed to render email with theme: ${error}`,
    {
      error,
    },
  );
}

/** A project's own SMTP server (spec §3 "Project config": email_config). */
export interface SmtpServerConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  senderName: string;
  senderEmail: string;
}

const PREVIEW_USER = { displayName: 'John Doe' };
const SENT_LIST_LIMIT = 200;
const TEST_EMAIL_TIMEOUT_MS = 10_000;
/** A template that no longer renders must not stop sign-in mail; these always do. */
const BUILT_IN_KINDS = Object.keys(DEFAULT_TEMPLATES) as (keyof typeof DEFAULT_TEMPLATES)[];

interface EmailsOptions {
  repository: EmailRepository;
  renderer: EmailRenderer;
  notificationPreferences: NotificationPreferences;
  /** The server's own mailer (SMTP_URL), for projects on the shared email server. */
  sendMail: SendMail;
  publicUrl: string;
  /** Told when a project's template failed and the built-in one was sent instead. */
  onTemplateFallback: (error: unknown) => void;
}

/**
 * Email templates and themes (spec §3, stack-auth.md §3.16): the defaults every project has,
 * operators' own, rendering them in the sandbox, and sending identity mail through them.
 */
export class Emails {
  readonly #repository: EmailRepository;
  readonly #renderer: EmailRenderer;
  readonly #preferences: NotificationPreferences;
  readonly #sendMail: SendMail;
  readonly #publicUrl: string;
  readonly #onTemplateFallback: (error: unknown) => void;

  constructor(options: EmailsOptions) {
    this.#repository = options.repository;
    this.#renderer = options.renderer;
    this.#preferences = options.notificationPreferences;
    this.#sendMail = options.sendMail;
    this.#publicUrl = options.publicUrl;
    this.#onTemplateFallback = options.onTemplateFallback;
  }

  // ---- themes ----

  /** The default theme (as the operator left it) and the project's own. */
  async listThemes(project: ProjectRecord): Promise<StoredTheme[]> {
    const stored = await this.#repository.listThemes(project.id);
    const defaultTheme = stored.find((theme) => theme.id === DEFAULT_THEME_ID) ?? DEFAULT_THEME;
    return [defaultTheme, ...stored.filter((theme) => theme.id !== DEFAULT_THEME_ID)];
  }

  async requireTheme(project: ProjectRecord, id: string): Promise<StoredTheme> {
    const theme = (await this.listThemes(project)).find((candidate) => candidate.id === id);
    if (!theme) throw new StatusError(404, `No email theme has the id "${id}".`);
    return theme;
  }

  async createTheme(project: ProjectRecord, displayName: string): Promise<string> {
    const id = randomUUID();
    await this.#repository.saveTheme(project.id, { id, displayName, tsxSource: NEW_THEME_SOURCE });
    return id;
  }

  /** Stores a theme's new source once it renders the verification mail. */
  async updateTheme(project: ProjectRecord, id: string, tsxSource: string): Promise<void> {
    const theme = await this.requireTheme(project, id);
    await this.#preview(project, {
      template: DEFAULT_TEMPLATES.email_verification.tsxSource,
      theme: tsxSource,
    });
    await this.#repository.saveTheme(project.id, { ...theme, tsxSource });
  }

  /**
   * Deletes one of the project's themes; the default theme goes back to its built-in source.
   * Templates that used a deleted theme use the project's theme from then on.
   */
  async deleteTheme(project: ProjectRecord, id: string): Promise<void> {
    await this.requireTheme(project, id);
    await this.#repository.deleteTheme(project.id, id);
  }

  // ---- templates ----

  /** The five identity templates (as the operator left them) and the project's own. */
  async listTemplates(project: ProjectRecord): Promise<StoredTemplate[]> {
    const stored = new Map(
      (await this.#repository.listTemplates(project.id)).map((template) => [template.id, template]),
    );
    const defaults = BUILT_IN_KINDS.map((kind) => {
      const builtIn = DEFAULT_TEMPLATES[kind];
      return (
        stored.get(builtIn.id) ?? {
          id: builtIn.id,
          displayName: builtIn.displayName,
          tsxSource: builtIn.tsxSource,
          theme: { kind: 'project' } as const,
        }
      );
    });
    const defaultIds = new Set(defaults.map((template) => template.id));
    return [...defaults, ...[...stored.values()].filter((t) => !defaultIds.has(t.id))];
  }

  async requireTemplate(project: ProjectRecord, id: string): Promise<StoredTemplate> {
    const template = (await this.listTemplates(project)).find((candidate) => candidate.id === id);
    if (!template) throw new StatusError(404, `No email template has the id "${id}".`);
    return template;
  }

  async createTemplate(project: ProjectRecord, displayName: string): Promise<string> {
    const id = randomUUID();
    await this.#repository.saveTemplate(project.id, {
      id,
      displayName,
      tsxSource: NEW_TEMPLATE_SOURCE,
      theme: { kind: 'project' },
    });
    return id;
  }

  /**
   * Changes a template's source and theme, and returns its preview. A source that does not
   * render is refused and the stored one stays.
   */
  async updateTemplate(
    project: ProjectRecord,
    id: string,
    changes: { tsxSource: string; theme: TemplateTheme | undefined },
  ): Promise<string> {
    const template = await this.requireTemplate(project, id);
    const theme = changes.theme ?? template.theme;
    const rendered = await this.#preview(project, {
      template: changes.tsxSource,
      theme: await this.#themeSource(project, theme, changes.theme !== undefined),
    });
    await this.#repository.saveTemplate(project.id, {
      ...template,
      tsxSource: changes.tsxSource,
      theme,
    });
    return rendered.html;
  }

  /** Deletes one of the project's templates; an identity template goes back to its default. */
  async deleteTemplate(project: ProjectRecord, id: string): Promise<void> {
    await this.requireTemplate(project, id);
    await this.#repository.deleteTemplate(project.id, id);
  }

  /** POST /emails/render-email: a template and a theme, each stored or given as source. */
  async renderPreview(
    project: ProjectRecord,
    input: {
      template: { id: string } | { source: string };
      theme: { id: string | null | false } | { source: string };
    },
  ): Promise<RenderOutput> {
    const template =
      'source' in input.template
        ? input.template.source
        : (await this.requireTemplate(project, input.template.id)).tsxSource;
    const theme =
      'source' in input.theme
        ? input.theme.source
        : await this.#themeSource(project, themeChoice(input.theme.id), true);
    return this.#preview(project, { template, theme });
  }

  // ---- sending ----

  /**
   * Sends one of the identity mails through the project's template and theme. A template the
   * operator broke falls back to the built-in one, so people still get their links and codes.
   */
  async sendIdentityMail(project: ProjectRecord, mail: IdentityMail): Promise<void> {
    const input: RenderInput = {
      user: mail.user ?? { displayName: null },
      project: { displayName: project.displayName },
      variables: mail.variables,
      unsubscribeLink: null,
    };
    let rendered: RenderOutput | null = null;
    try {
      const template = await this.requireTemplate(project, DEFAULT_TEMPLATES[mail.kind].id);
      rendered = await this.#renderer.render(
        { template: template.tsxSource, theme: await this.#themeSource(project, template.theme) },
        input,
      );
    } catch (error) {
      this.#onTemplateFallback(error);
      try {
        rendered = await this.#renderer.render(
          { template: DEFAULT_TEMPLATES[mail.kind].tsxSource, theme: DEFAULT_THEME.tsxSource },
          input,
        );
      } catch (fallbackError) {
        this.#onTemplateFallback(fallbackError);
      }
    }
    const message: OutgoingMail = rendered
      ? {
          to: mail.to,
          subject: rendered.subject || mail.plain.subject,
          text: rendered.text,
          html: rendered.html,
        }
      : mail.plain;
    await this.#deliver(project, message);
  }

  /**
   * POST /emails/send-email: a template (with variables) or HTML, to each user who has an email
   * and has not turned the mail's category off. Returns the users it was sent to.
   */
  async sendToUsers(
    project: ProjectRecord,
    users: UserRecord[],
    input: {
      content: { html: string } | { templateId: string; variables: Record<string, unknown> };
      subject: string | undefined;
      theme: { id: string | null | false };
      notificationCategoryName: string | undefined;
    },
  ): Promise<{ userId: string }[]> {
    const template =
      'html' in input.content
        ? null
        : (await this.requireTemplate(project, input.content.templateId)).tsxSource;
    const theme = await this.#themeSource(project, themeChoice(input.theme.id), true);
    if ('html' in input.content && input.subject === undefined) {
      throw new StatusError(400, 'subject is required when the email is given as html.');
    }
    const sent: { userId: string }[] = [];
    for (const user of users) {
      if (!user.primaryEmail) continue;
      const rendered = await this.#renderOrRefuse(
        { template, theme },
        {
          user: { displayName: user.displayName },
          project: { displayName: project.displayName },
          variables: 'html' in input.content ? {} : input.content.variables,
          unsubscribeLink: null,
          ...('html' in input.content ? { html: input.content.html } : {}),
        },
      );
      const categoryName =
        input.notificationCategoryName ?? rendered.notificationCategory ?? 'Transactional';
      const category = NOTIFICATION_CATEGORIES.find(
        (candidate) => candidate.name.toLowerCase() === categoryName.toLowerCase(),
      );
      if (!category) {
        throw new StatusError(
          400,
          `There is no notification category "${categoryName}"; it is one of ${NOTIFICATION_CATEGORIES.map((c) => c.name).join(', ')}.`,
        );
      }
      const preferences = await this.#preferences.list(user.id);
      const wanted = preferences.find((p) => p.category.id === category.id)?.enabled ?? true;
      if (!wanted) continue;
      const subject = input.subject ?? rendered.subject;
      if (!subject) {
        throw new StatusError(
          400,
          'The email has no subject: give subject, or set one with <Subject> in the template.',
        );
      }
      await this.#deliver(project, {
        to: user.primaryEmail,
        subject,
        text: rendered.text,
        html: rendered.html,
      });
      sent.push({ userId: user.id });
    }
    return sent;
  }

  /** POST /internal/send-sign-in-invitation: a link to sign in, from the project's template. */
  async sendSignInInvitation(
    project: ProjectRecord,
    email: string,
    callbackUrl: string,
  ): Promise<void> {
    const callback = resolveTrustedUrl(callbackUrl, project.config, this.#publicUrl);
    await this.sendIdentityMail(project, {
      kind: 'sign_in_invitation',
      to: email,
      user: null,
      variables: { signInInvitationLink: callback.href, teamDisplayName: project.displayName },
      plain: {
        to: email,
        subject: `You are invited to sign in to ${project.displayName}`,
        text: `Open this link to sign in to ${project.displayName}:\n${callback.href}`,
      },
    });
  }

  /**
   * POST /internal/send-test-email: one mail over the given SMTP server. Whatever goes wrong is
   * the answer, not an error: the operator is trying the settings out.
   */
  async sendTestEmail(
    recipient: string,
    server: SmtpServerConfig,
  ): Promise<{ success: true } | { success: false; errorMessage: string }> {
    try {
      await sendOverSmtp(server, {
        to: recipient,
        subject: 'Test email',
        text: 'This is a test email from ipick: your email server settings work.',
        html: '<p>This is a test email from ipick: your email server settings work.</p>',
      });
      return { success: true };
    } catch (error) {
      return {
        success: false,
        errorMessage: error instanceof Error ? error.message : String(error),
      };
    }
  }

  /** Ends the render thread (the app's shutdown). */
  close(): Promise<void> {
    return this.#renderer.close();
  }

  listSent(project: ProjectRecord): Promise<SentEmail[]> {
    return this.#repository.listSent(project.id, SENT_LIST_LIMIT);
  }

  // ---- helpers ----

  async #preview(
    project: ProjectRecord,
    sources: { template: string; theme: string | null },
  ): Promise<RenderOutput> {
    return this.#renderOrRefuse(sources, {
      user: PREVIEW_USER,
      project: { displayName: project.displayName },
      variables: null,
      unsubscribeLink: null,
    });
  }

  async #renderOrRefuse(
    sources: { template: string | null; theme: string | null },
    input: RenderInput,
  ): Promise<RenderOutput> {
    try {
      return await this.#renderer.render(sources, input);
    } catch (error) {
      if (error instanceof EmailRenderError) throw emailRenderingError(error.message);
      throw error;
    }
  }

  /** The source of a template's theme: the project's selected one, none, or one by id. */
  async #themeSource(
    project: ProjectRecord,
    theme: TemplateTheme,
    strict = false,
  ): Promise<string | null> {
    if (theme.kind === 'none') return null;
    const id = theme.kind === 'theme' ? theme.id : selectedThemeId(project);
    const themes = await this.listThemes(project);
    const found = themes.find((candidate) => candidate.id === id);
    if (found) return found.tsxSource;
    if (theme.kind === 'theme' && strict) {
      throw new StatusError(404, `No email theme has the id "${id}".`);
    }
    // A stored template whose theme was deleted since, or a selected theme that is gone.
    return theme.kind === 'theme'
      ? this.#themeSource(project, { kind: 'project' })
      : DEFAULT_THEME.tsxSource;
  }

  /** Over the project's own SMTP server when it has one, else the server's; logged either way. */
  async #deliver(project: ProjectRecord, message: OutgoingMail): Promise<void> {
    const server = projectSmtpServer(project);
    const id = randomUUID();
    try {
      if (server) await sendOverSmtp(server, message);
      else await this.#sendMail(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.#repository.recordSent(project.id, { id, ...withHtml(message) }, reason);
      throw error;
    }
    await this.#repository.recordSent(project.id, { id, ...withHtml(message) }, null);
  }
}

function withHtml(message: OutgoingMail) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
  };
}

/** A template's theme as the API names it: an id, null (the project's) or false (none). */
export function themeChoice(id: string | null | false | undefined): TemplateTheme {
  if (id === false) return { kind: 'none' };
  if (id === null || id === undefined) return { kind: 'project' };
  return { kind: 'theme', id };
}

function selectedThemeId(project: ProjectRecord): string {
  const selected = (project.config as { email_theme?: unknown }).email_theme;
  return typeof selected === 'string' && selected !== '' ? selected : DEFAULT_THEME_ID;
}

/** The project's SMTP server when its email_config is `standard` (spec §3 "Project config"). */
function projectSmtpServer(project: ProjectRecord): SmtpServerConfig | null {
  const config = (project.config as { email_config?: unknown }).email_config;
  if (!config || typeof config !== 'object') return null;
  const email = config as Record<string, unknown>;
  if (email.type !== 'standard' || typeof email.host !== 'string') return null;
  return {
    host: email.host,
    port: typeof email.port === 'number' ? email.port : 587,
    username: typeof email.username === 'string' ? email.username : '',
    password: typeof email.password === 'string' ? email.password : '',
    senderName: typeof email.sender_name === 'string' ? email.sender_name : '',
    senderEmail: typeof email.sender_email === 'string' ? email.sender_email : '',
  };
}

async function sendOverSmtp(server: SmtpServerConfig, message: OutgoingMail): Promise<void> {
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.port === 465,
    ...(server.username ? { auth: { user: server.username, pass: server.password } } : {}),
    connectionTimeout: TEST_EMAIL_TIMEOUT_MS,
    greetingTimeout: TEST_EMAIL_TIMEOUT_MS,
    socketTimeout: TEST_EMAIL_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: server.senderName
        ? { name: server.senderName, address: server.senderEmail }
        : server.senderEmail,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
  } finally {
    transport.close();
  }
}
