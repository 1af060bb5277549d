import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { handleIdentityError, parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { knownErrors, StatusError, type KnownError } from '../core/known-errors.ts';
import { requireAccess, resolveRequestContext, serverOrHigher } from '../core/request-context.ts';
import { success } from '../core/route-helpers.ts';
import { MAX_SOURCE_CHARS } from './email-renderer.ts';
import type { StoredTemplate } from './email-repository.ts';
import { themeChoice, type Emails } from './emails.ts';

interface EmailRoutesOptions {
  identity: IdentityCore & { emails: Emails };
}

const adminOnly = ['admin'] as const;
const source = z.string().max(MAX_SOURCE_CHARS, {
  message: `a template or theme may be at most ${MAX_SOURCE_CHARS / 1024} KB`,
});
const displayName = z.string().trim().min(1).max(200);
const themeId = z.union([z.uuid(), z.null(), z.literal(false)]);
const idParams = z.strictObject({ id: z.uuid() });

const createBody = z.strictObject({ display_name: displayName });
const updateTemplateBody = z.strictObject({ tsx_source: source, theme_id: themeId.optional() });
const updateThemeBody = z.strictObject({ tsx_source: source });
const renderBody = z
  .strictObject({
    theme_id: themeId.optional(),
    theme_tsx_source: source.optional(),
    template_id: z.uuid().optional(),
    template_tsx_source: source.optional(),
    editable_markers: z.boolean().optional(),
    editable_source: z.string().optional(),
  })
  .refine((body) => (body.template_id === undefined) !== (body.template_tsx_source === undefined), {
    message: 'give exactly one of template_id and template_tsx_source',
  })
  .refine((body) => body.theme_id === undefined || body.theme_tsx_source === undefined, {
    message: 'give at most one of theme_id and theme_tsx_source',
  });
const testEmailBody = z.strictObject({
  recipient_email: z.email(),
  email_config: z.strictObject({
    host: z.string().trim().min(1),
    port: z.number().int().min(1).max(65535),
    username: z.string(),
    password: z.string(),
    sender_name: z.string(),
    sender_email: z.email(),
  }),
});
const signInInvitationBody = z.strictObject({
  email: z.email(),
  callback_url: z.string().min(1),
});
const sendEmailBody = z
  .strictObject({
    user_ids: z.array(z.uuid()).min(1).max(1000).optional(),
    all_users: z.literal(true).optional(),
    theme_id: themeId.optional(),
    html: z.string().max(MAX_SOURCE_CHARS).optional(),
    template_id: z.uuid().optional(),
    variables: z.record(z.string(), z.unknown()).optional(),
    subject: z.string().min(1).max(998).optional(),
    notification_category_name: z.string().optional(),
    is_high_priority: z.boolean().optional(),
  })
  .refine((body) => body.user_ids !== undefined, {
    message: 'give user_ids (sending to all_users is not supported)',
    path: ['user_ids'],
  })
  .refine((body) => (body.html === undefined) !== (body.template_id === undefined), {
    message: 'give exactly one of html and template_id',
  })
  .refine((body) => body.variables === undefined || body.template_id !== undefined, {
    message: 'variables go with template_id',
    path: ['variables'],
  });

const templateItem = (template: StoredTemplate) => ({
  id: template.id,
  display_name: template.displayName,
  theme_id:
    template.theme.kind === 'theme'
      ? template.theme.id
      : template.theme.kind === 'none'
        ? false
        : null,
  tsx_source: template.tsxSource,
});

/**
 * A body over the server's limit is most likely a template source: say so, rather than
 * Fastify's generic words.
 */
function handleEmailError(
  error: FastifyError | KnownError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if ('code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return handleIdentityError(
      new StatusError(
        413,
        `The request body is larger than the server accepts; a template or theme source may be at most ${MAX_SOURCE_CHARS / 1024} KB.`,
      ) as unknown as FastifyError,
      request,
      reply,
    );
  }
  return handleIdentityError(error, request, reply);
}

/**
 * Email templates, themes and sending (stack-auth.md §3.16, §3.19): the admin tier edits and
 * previews templates and themes; the server tier sends mail to users.
 */
export async function emailRoutes(app: FastifyInstance, { identity }: EmailRoutesOptions) {
  const { emails, accounts } = identity;
  app.setErrorHandler(handleEmailError);
  app.addHook('onClose', () => emails.close());
  const admin = async (request: FastifyRequest) =>
    requireAccess(await resolveRequestContext(request, identity), adminOnly);

  app.get('/internal/email-templates', async (request) => {
    const { project } = await admin(request);
    return { templates: (await emails.listTemplates(project)).map(templateItem) };
  });

  app.post('/internal/email-templates', async (request) => {
    const { project } = await admin(request);
    const body = parseIdentityInput(createBody, request.body, 'body');
    return { id: await emails.createTemplate(project, body.display_name) };
  });

  app.patch('/internal/email-templates/:id', async (request) => {
    const { project } = await admin(request);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    const body = parseIdentityInput(updateTemplateBody, request.body, 'body');
    const renderedHtml = await emails.updateTemplate(project, id, {
      tsxSource: body.tsx_source,
      theme: body.theme_id === undefined ? undefined : themeChoice(body.theme_id),
    });
    return { rendered_html: renderedHtml };
  });

  app.delete('/internal/email-templates/:id', async (request) => {
    const { project } = await admin(request);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    await emails.deleteTemplate(project, id);
    return success;
  });

  app.get('/internal/email-themes', async (request) => {
    const { project } = await admin(request);
    const themes = await emails.listThemes(project);
    return { themes: themes.map((theme) => ({ id: theme.id, display_name: theme.displayName })) };
  });

  app.post('/internal/email-themes', async (request) => {
    const { project } = await admin(request);
    const body = parseIdentityInput(createBody, request.body, 'body');
    return { id: await emails.createTheme(project, body.display_name) };
  });

  app.get('/internal/email-themes/:id', async (request) => {
    const { project } = await admin(request);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    const theme = await emails.requireTheme(project, id);
    return { id: theme.id, display_name: theme.displayName, tsx_source: theme.tsxSource };
  });

  app.patch('/internal/email-themes/:id', async (request) => {
    const { project } = await admin(request);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    const body = parseIdentityInput(updateThemeBody, request.body, 'body');
    await emails.updateTheme(project, id, body.tsx_source);
    const theme = await emails.requireTheme(project, id);
    return { id: theme.id, display_name: theme.displayName };
  });

  app.delete('/internal/email-themes/:id', async (request) => {
    const { project } = await admin(request);
    const { id } = parseIdentityInput(idParams, request.params, 'params');
    await emails.deleteTheme(project, id);
    return success;
  });

  app.post('/emails/render-email', async (request) => {
    const { project } = await admin(request);
    const body = parseIdentityInput(renderBody, request.body, 'body');
    const rendered = await emails.renderPreview(project, {
      template:
        body.template_tsx_source !== undefined
          ? { source: body.template_tsx_source }
          : { id: body.template_id! },
      theme:
        body.theme_tsx_source !== undefined
          ? { source: body.theme_tsx_source }
          : { id: body.theme_id ?? null },
    });
    return {
      html: rendered.html,
      ...(rendered.subject !== null ? { subject: rendered.subject } : {}),
      ...(rendered.notificationCategory !== null
        ? { notification_category: rendered.notificationCategory }
        : {}),
    };
  });

  app.post('/internal/send-test-email', async (request) => {
    await admin(request);
    const body = parseIdentityInput(testEmailBody, request.body, 'body');
    const config = body.email_config;
    const result = await emails.sendTestEmail(body.recipient_email, {
      host: config.host,
      port: config.port,
      username: config.username,
      password: config.password,
      senderName: config.sender_name,
      senderEmail: config.sender_email,
    });
    return result.success
      ? { success: true }
      : { success: false, error_message: result.errorMessage };
  });

  app.get('/internal/emails', async (request) => {
    const { project } = await admin(request);
    const sent = await emails.listSent(project);
    return {
      items: sent.map((mail) => ({
        id: mail.id,
        subject: mail.subject,
        sent_at_millis: mail.sentAt.getTime(),
        to: [mail.to],
        error: mail.error,
      })),
      is_paginated: false,
    };
  });

  app.post('/internal/send-sign-in-invitation', async (request) => {
    const { project } = await admin(request);
    const body = parseIdentityInput(signInInvitationBody, request.body, 'body');
    await emails.sendSignInInvitation(project, body.email, body.callback_url);
    return success;
  });

  app.post('/emails/send-email', async (request) => {
    const ctx = requireAccess(await resolveRequestContext(request, identity), serverOrHigher);
    const body = parseIdentityInput(sendEmailBody, request.body, 'body');
    const users = [];
    for (const userId of new Set(body.user_ids)) {
      const user = await accounts.find(ctx.project.id, userId);
      if (!user) throw knownErrors.userIdDoesNotExist(userId);
      users.push(user);
    }
    const sent = await emails.sendToUsers(ctx.project, users, {
      content:
        body.html !== undefined
          ? { html: body.html }
          : { templateId: body.template_id!, variables: body.variables ?? {} },
      subject: body.subject,
      theme: { id: body.theme_id === undefined ? null : body.theme_id },
      notificationCategoryName: body.notification_category_name,
    });
    return { results: sent.map((result) => ({ user_id: result.userId })) };
  });
}
