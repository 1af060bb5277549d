import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useIdentityConfig, useOverrideConfig } from '../api/identity-admin';

const PROVIDER_TYPES = ['github', 'google', 'microsoft', 'apple', 'oidc'] as const;
type ProviderType = (typeof PROVIDER_TYPES)[number];
const LABELS: Record<ProviderType, string> = {
  github: 'GitHub',
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  oidc: 'OpenID Connect',
};

/**
 * OAuth providers (config `auth.oauth.providers`): the ones set up, each removable, and a form
 * to add or change one. The server checks the values and its message names the bad one.
 */
export function OAuthProvidersSection() {
  const config = useIdentityConfig();
  const override = useOverrideConfig();
  const [type, setType] = useState<ProviderType>('github');
  const [id, setId] = useState('');
  const [isShared, setIsShared] = useState(false);
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [issuerUrl, setIssuerUrl] = useState('');
  const [tenant, setTenant] = useState('');
  const [error, setError] = useState<string | undefined>();

  const providers = Object.entries(config.data?.auth.oauth.providers ?? {});
  const providerId = (id.trim() || type).toLowerCase();

  async function apply(change: Record<string, unknown>, done: string) {
    setError(undefined);
    try {
      await override.mutateAsync(change);
      toast.success(done);
      return true;
    } catch (caught) {
      setError(toErrorMessage(caught, 'The providers could not be saved. Please try again.'));
      return false;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value: Record<string, unknown> = { type, isShared };
    if (clientId.trim()) value.clientId = clientId.trim();
    if (clientSecret) value.clientSecret = clientSecret;
    if (type === 'oidc' && issuerUrl.trim()) value.issuerUrl = issuerUrl.trim();
    if (type === 'microsoft' && tenant.trim()) value.microsoftTenantId = tenant.trim();
    const saved = await apply(
      { [`auth.oauth.providers.${providerId}`]: value },
      `${LABELS[type]} sign-in saved`,
    );
    if (saved) {
      setId('');
      setClientId('');
      setClientSecret('');
      setIssuerUrl('');
      setTenant('');
    }
  }

  return (
    <section
      aria-labelledby="oauth-providers-heading"
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
    >
      <h3 id="oauth-providers-heading" className="font-semibold">
        OAuth providers
      </h3>
      {config.isError ? (
        <p role="alert">{toErrorMessage(config.error, 'We could not load the providers.')}</p>
      ) : providers.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {config.isPending ? 'Loading providers…' : 'No OAuth providers yet.'}
        </p>
      ) : (
        <ul aria-label="OAuth providers" className="flex flex-col gap-2">
          {providers.map(([name, provider]) => (
            <li key={name} className="flex flex-wrap items-center gap-2 text-sm">
              <code className="rounded bg-muted px-1 py-0.5">{name}</code>
              <span>{LABELS[provider.type as ProviderType] ?? provider.type}</span>
              <Badge>{provider.isShared ? 'Shared keys' : 'Own keys'}</Badge>
              {provider.clientId ? (
                <span className="text-muted-foreground">client {provider.clientId}</span>
              ) : null}
              <Button
                variant="outline"
                size="sm"
                aria-label={`Remove ${name}`}
                disabled={override.isPending}
                onClick={() =>
                  void apply({ [`auth.oauth.providers.${name}`]: null }, `${name} removed`)
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Add or change an OAuth provider"
        className="grid gap-3 sm:grid-cols-2"
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="oauth-provider-type">Provider</Label>
          <NativeSelect
            id="oauth-provider-type"
            value={type}
            onChange={(event) => setType(event.currentTarget.value as ProviderType)}
          >
            {PROVIDER_TYPES.map((t) => (
              <option key={t} value={t}>
                {LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <TextField
          label="Provider id"
          value={id}
          placeholder={type}
          hint="Its name in sign-in links; the provider's own name if empty"
          onChange={(event) => setId(event.currentTarget.value)}
        />
        <div className="flex items-center gap-2 sm:col-span-2">
          <Checkbox
            id="oauth-shared"
            checked={isShared}
            onChange={(event) => setIsShared(event.currentTarget.checked)}
          />
          <Label htmlFor="oauth-shared">Use shared development keys</Label>
        </div>
        <TextField
          label="Client id"
          value={clientId}
          disabled={isShared}
          onChange={(event) => setClientId(event.currentTarget.value)}
        />
        <TextField
          label="Client secret"
          type="password"
          autoComplete="off"
          value={clientSecret}
          disabled={isShared}
          hint="Left empty, an existing secret is kept"
          onChange={(event) => setClientSecret(event.currentTarget.value)}
        />
        {type === 'oidc' ? (
          <TextField
            label="Issuer URL"
            value={issuerUrl}
            placeholder="https://accounts.example.com"
            onChange={(event) => setIssuerUrl(event.currentTarget.value)}
          />
        ) : null}
        {type === 'microsoft' ? (
          <TextField
            label="Microsoft tenant id"
            value={tenant}
            onChange={(event) => setTenant(event.currentTarget.value)}
          />
        ) : null}
        <Button type="submit" className="w-fit sm:col-span-2" disabled={override.isPending}>
          Save provider
        </Button>
      </form>
      <FormAlert message={error} />
    </section>
  );
}
