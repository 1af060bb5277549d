import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { cn } from '@/lib/cn';
import {
  renderEmailPreview,
  useCreateEmailTemplate,
  useCreateEmailTheme,
  useEmailTemplates,
  useEmailTheme,
  useEmailThemes,
  useIdentityConfig,
  useSaveEmailTemplate,
  useSaveEmailTheme,
  type EmailTemplate,
  type EmailTheme,
  type SmtpSettings,
} from '../api/identity-admin';
import { EmailSourceEditor } from './email-source-editor';
import { SendTestEmail } from './send-test-email';

type Selection = { kind: 'template'; id: string } | { kind: 'theme'; id: string } | null;

/**
 * Email templates and themes (spec §7): pick one, edit its TSX with a live preview, save it;
 * new ones start from the default source. A test send checks the project's SMTP server.
 */
export function EmailTemplatesSection() {
  const templates = useEmailTemplates();
  const themes = useEmailThemes();
  const config = useIdentityConfig();
  const [selected, setSelected] = useState<Selection>(null);

  const server = config.data?.emails.server;
  const smtp: SmtpSettings | null =
    server && !server.isShared && server.host && server.port && server.senderEmail
      ? {
          host: server.host,
          port: server.port,
          username: server.username ?? '',
          password: server.password ?? '',
          sender_name: server.senderName ?? '',
          sender_email: server.senderEmail,
        }
      : null;

  const template =
    selected?.kind === 'template' ? templates.data?.find((t) => t.id === selected.id) : undefined;
  const theme =
    selected?.kind === 'theme' ? themes.data?.find((t) => t.id === selected.id) : undefined;

  return (
    <section
      aria-labelledby="email-templates-heading"
      className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4"
    >
      <h3 id="email-templates-heading" className="font-semibold">
        Email templates and themes
      </h3>
      <div className="grid gap-4 md:grid-cols-2">
        <SourceList
          title="Templates"
          query={templates}
          selectedId={selected?.kind === 'template' ? selected.id : null}
          onSelect={(id) => setSelected({ kind: 'template', id })}
          create={useCreateEmailTemplate()}
          onCreated={(id) => setSelected({ kind: 'template', id })}
        />
        <SourceList
          title="Themes"
          query={themes}
          selectedId={selected?.kind === 'theme' ? selected.id : null}
          onSelect={(id) => setSelected({ kind: 'theme', id })}
          create={useCreateEmailTheme()}
          onCreated={(id) => setSelected({ kind: 'theme', id })}
        />
      </div>
      {template ? <TemplateEditor key={template.id} template={template} /> : null}
      {theme ? (
        <ThemeEditor key={theme.id} theme={theme} previewTemplate={templates.data?.[0]} />
      ) : null}
      <SendTestEmail server={smtp} />
    </section>
  );
}

interface SourceListProps {
  title: 'Templates' | 'Themes';
  query: {
    data?: { id: string; display_name: string }[];
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
  };
  selectedId: string | null;
  onSelect: (id: string) => void;
  create: { mutateAsync: (name: string) => Promise<{ id: string }>; isPending: boolean };
  onCreated: (id: string) => void;
}

function SourceList({ title, query, selectedId, onSelect, create, onCreated }: SourceListProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const singular = title === 'Templates' ? 'template' : 'theme';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      const { id } = await create.mutateAsync(name.trim());
      setName('');
      onCreated(id);
    } catch (caught) {
      setError(toErrorMessage(caught, `The ${singular} could not be made. Please try again.`));
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-medium">{title}</h4>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">Loading {title.toLowerCase()}…</p>
      ) : query.isError ? (
        <ErrorState
          title={`We could not load the ${title.toLowerCase()}`}
          message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : (
        <ul aria-label={`Email ${title.toLowerCase()}`} className="flex flex-col gap-1">
          {(query.data ?? []).map((item) => (
            <li key={item.id}>
              <Button
                variant="ghost"
                size="sm"
                aria-pressed={item.id === selectedId}
                className={cn('w-full justify-start', item.id === selectedId && 'bg-muted')}
                onClick={() => onSelect(item.id)}
              >
                {item.display_name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
      >
        <TextField
          label={`New ${singular} name`}
          containerClassName="flex-1"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button
          type="submit"
          variant="outline"
          className="sm:mt-7"
          disabled={!name.trim() || create.isPending}
        >
          Add {singular}
        </Button>
      </form>
      <FormAlert message={error} />
    </div>
  );
}

function TemplateEditor({ template }: { template: EmailTemplate }) {
  const save = useSaveEmailTemplate();
  return (
    <EmailSourceEditor
      name={template.display_name}
      initialSource={template.tsx_source}
      render={async (source, signal) =>
        (
          await renderEmailPreview(
            { template_tsx_source: source, theme_id: template.theme_id },
            signal,
          )
        ).html
      }
      save={(source) => save.mutateAsync({ id: template.id, tsxSource: source })}
    />
  );
}

function ThemeEditor({
  theme,
  previewTemplate,
}: {
  theme: EmailTheme;
  previewTemplate: EmailTemplate | undefined;
}) {
  const full = useEmailTheme(theme.id);
  const save = useSaveEmailTheme();
  if (full.isPending) return <p className="text-sm text-muted-foreground">Loading the theme…</p>;
  if (full.isError) {
    return <FormAlert message={toErrorMessage(full.error, 'We could not load the theme.')} />;
  }
  return (
    <EmailSourceEditor
      name={theme.display_name}
      initialSource={full.data.tsx_source}
      render={async (source, signal) => {
        if (!previewTemplate) throw new Error('Add a template to preview the theme with.');
        return (
          await renderEmailPreview(
            { template_id: previewTemplate.id, theme_tsx_source: source },
            signal,
          )
        ).html;
      }}
      save={(source) => save.mutateAsync({ id: theme.id, tsxSource: source })}
    />
  );
}
