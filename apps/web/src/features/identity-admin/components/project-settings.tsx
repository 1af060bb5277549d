import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import {
  useIdentityProject,
  useProductionModeProblems,
  useUpdateIdentityProject,
  type IdentityProject,
  type ProductionModeProblem,
} from '../api/identity-admin';

type Flag = keyof Omit<IdentityProject['config'], 'domains'>;

const signInFlags: { key: Flag; label: string }[] = [
  { key: 'sign_up_enabled', label: 'New users may sign up' },
  { key: 'credential_enabled', label: 'Password sign-in' },
  { key: 'magic_link_enabled', label: 'Sign-in codes by email' },
  { key: 'passkey_enabled', label: 'Passkey sign-in' },
  { key: 'client_team_creation_enabled', label: 'Users may create teams' },
  { key: 'client_user_deletion_enabled', label: 'Users may delete their account' },
  { key: 'allow_user_api_keys', label: 'Personal API keys' },
  { key: 'allow_team_api_keys', label: 'Team API keys' },
];

/**
 * The identity project's settings: production mode with its checklist (spec §5), trusted
 * domains and localhost, and the sign-in methods.
 */
export function ProjectSettings() {
  const project = useIdentityProject();
  const problems = useProductionModeProblems();
  const update = useUpdateIdentityProject();
  const [refusal, setRefusal] = useState<ProductionModeProblem[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [newDomain, setNewDomain] = useState('');

  if (project.isPending) return <p className="text-sm text-muted-foreground">Loading settings…</p>;
  if (project.isError) {
    return (
      <ErrorState
        title="We could not load the identity settings"
        message={toErrorMessage(project.error, 'Something went wrong. Please try again.')}
        onRetry={() => void project.refetch()}
        isRetrying={project.isFetching}
      />
    );
  }
  const { config } = project.data;

  async function save(body: Record<string, unknown>, done: string) {
    setError(undefined);
    try {
      await update.mutateAsync(body);
      setRefusal(null);
      toast.success(done);
    } catch (caught) {
      // A refused switch to production mode: the checklist says why, item by item.
      if (body.is_production_mode === true) {
        const listed = (await problems.refetch()).data ?? [];
        if (listed.length > 0) {
          setRefusal(listed);
          return;
        }
      }
      setError(toErrorMessage(caught, 'The settings could not be saved. Please try again.'));
    }
  }

  function addDomain(event: FormEvent) {
    event.preventDefault();
    const domain = newDomain.trim();
    if (!domain) return;
    void save(
      { config: { domains: [...config.domains, { domain, handler_path: '/handler' }] } },
      `${domain} is trusted`,
    ).then(() => setNewDomain(''));
  }

  const checklist = refusal ?? problems.data ?? [];

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="production-mode-heading"
        className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="production-mode-heading" className="font-semibold">
            Production mode
          </h3>
          {project.data.is_production_mode ? (
            <Badge variant="success">On</Badge>
          ) : (
            <Badge variant="default">Off</Badge>
          )}
        </div>
        {project.data.is_production_mode ? (
          <Button
            variant="outline"
            className="w-fit"
            disabled={update.isPending}
            onClick={() => void save({ is_production_mode: false }, 'Production mode is off')}
          >
            Turn off production mode
          </Button>
        ) : (
          <Button
            className="w-fit"
            disabled={update.isPending}
            onClick={() => void save({ is_production_mode: true }, 'Production mode is on')}
          >
            Turn on production mode
          </Button>
        )}
        {checklist.length > 0 && !project.data.is_production_mode ? (
          <div role={refusal ? 'alert' : undefined} className="flex flex-col gap-2">
            <p className="text-sm font-medium">Fix these before production mode:</p>
            <ul aria-label="Production mode checklist" className="list-disc pl-5 text-sm">
              {checklist.map((problem) => (
                <li key={problem.message}>
                  {problem.message}{' '}
                  <a href="#trusted-domains-heading" className="text-primary underline">
                    Fix in trusted domains
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section
        aria-labelledby="trusted-domains-heading"
        className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
      >
        <h3 id="trusted-domains-heading" className="font-semibold">
          Trusted domains
        </h3>
        <div className="flex items-center gap-2">
          <Checkbox
            id="allow-localhost"
            checked={config.allow_localhost}
            disabled={update.isPending}
            onChange={(event) =>
              void save(
                { config: { allow_localhost: event.currentTarget.checked } },
                'Localhost setting saved',
              )
            }
          />
          <Label htmlFor="allow-localhost">Allow localhost</Label>
        </div>
        <ul aria-label="Trusted domains" className="flex flex-col gap-2">
          {config.domains.map((d) => (
            <li key={d.domain} className="flex flex-wrap items-center gap-2 text-sm">
              <code className="rounded bg-muted px-1 py-0.5">{d.domain}</code>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Remove ${d.domain}`}
                disabled={update.isPending}
                onClick={() =>
                  void save(
                    { config: { domains: config.domains.filter((o) => o.domain !== d.domain) } },
                    `${d.domain} removed`,
                  )
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <form
          onSubmit={addDomain}
          noValidate
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
        >
          <TextField
            label="Add a trusted domain"
            containerClassName="flex-1"
            placeholder="https://ipick.example"
            value={newDomain}
            onChange={(event) => setNewDomain(event.currentTarget.value)}
            hint="The site's origin, with https://"
          />
          <Button type="submit" className="sm:mt-7" disabled={update.isPending}>
            Add domain
          </Button>
        </form>
      </section>

      <section
        aria-labelledby="sign-in-heading"
        className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
      >
        <h3 id="sign-in-heading" className="font-semibold">
          Sign-in and accounts
        </h3>
        <ul className="grid gap-2 sm:grid-cols-2">
          {signInFlags.map(({ key, label }) => (
            <li key={key} className="flex items-center gap-2">
              <Checkbox
                id={`flag-${key}`}
                checked={config[key]}
                disabled={update.isPending}
                onChange={(event) =>
                  void save({ config: { [key]: event.currentTarget.checked } }, `${label}: saved`)
                }
              />
              <Label htmlFor={`flag-${key}`}>{label}</Label>
            </li>
          ))}
        </ul>
      </section>
      <FormAlert message={error} />
    </div>
  );
}
