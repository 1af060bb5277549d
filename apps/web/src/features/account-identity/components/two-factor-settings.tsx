import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import {
  useCreateRecoveryCodes,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor';
import { matchesTotp, newTotpSecret, otpauthUri, toBase32 } from '../utils/totp';
import { TotpQrCode } from './totp-qr-code';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; secret: Uint8Array<ArrayBuffer> }
  | { kind: 'offer-recovery' }
  | { kind: 'recovery-codes'; codes: string[] };

/**
 * Account settings: two-factor sign-in with an authenticator app. Turning it on shows a new
 * secret (QR code and text) and saves it only once a code from the app matches; recovery codes
 * are offered once right after. Turning it off asks first.
 */
export function TwoFactorSettings({ accountName }: { accountName: string }) {
  const status = useTwoFactorStatus();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  if (status.isPending) return <Skeleton className="h-10 w-full" />;
  if (status.isError) {
    return <FormAlert message={toErrorMessage(status.error, 'Two-factor could not be loaded.')} />;
  }
  if (step.kind === 'setup') {
    return (
      <TwoFactorSetup
        secret={step.secret}
        accountName={accountName}
        onCancel={() => setStep({ kind: 'idle' })}
        onEnabled={() => setStep({ kind: 'offer-recovery' })}
      />
    );
  }
  if (step.kind === 'offer-recovery') {
    return (
      <RecoveryOffer
        onCreated={(codes) => setStep({ kind: 'recovery-codes', codes })}
        onSkip={() => setStep({ kind: 'idle' })}
      />
    );
  }
  if (step.kind === 'recovery-codes') {
    return <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />;
  }
  if (status.data) return <TwoFactorOn />;
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-muted-foreground">
        Two-factor is off: your password alone signs you in.
      </p>
      <Button variant="outline" onClick={() => setStep({ kind: 'setup', secret: newTotpSecret() })}>
        <ShieldCheck aria-hidden="true" />
        Turn on two-factor
      </Button>
    </div>
  );
}

interface TwoFactorSetupProps {
  secret: Uint8Array<ArrayBuffer>;
  accountName: string;
  onCancel: () => void;
  onEnabled: () => void;
}

function TwoFactorSetup({ secret, accountName, onCancel, onEnabled }: TwoFactorSetupProps) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [isChecking, setChecking] = useState(false);
  const key = toBase32(secret);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    setMismatch(false);
    try {
      if (!(await matchesTotp(secret, code.trim()))) {
        setMismatch(true);
        return;
      }
      await enable.mutateAsync(secret);
      toast.success('Two-factor is on');
      onEnabled();
    } catch {
      // The mutation's error shows below.
    } finally {
      setChecking(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
        <li>Scan the QR code with your authenticator app, or type the key into it.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <TotpQrCode uri={otpauthUri(secret, accountName)} />
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium" id="totp-secret-label">
          Setup key
        </p>
        <code
          aria-labelledby="totp-secret-label"
          data-testid="totp-secret"
          className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
        >
          {key}
        </code>
      </div>
      <TextField
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={
          mismatch
            ? "That code does not match this key. Check your device's time and try the newest code."
            : undefined
        }
      />
      {enable.isError && (
        <FormAlert message={toErrorMessage(enable.error, 'Two-factor was not turned on.')} />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isChecking}>
          {isChecking ? 'Checking…' : 'Turn on'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isChecking}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function TwoFactorOn() {
  const disable = useDisableTwoFactor();
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm">
        Two-factor is on: signing in asks for a code from your authenticator app.
      </p>
      <ConfirmDialog
        trigger={<Button variant="outline">Turn off two-factor</Button>}
        title="Turn off two-factor?"
        description="Signing in will need only your password again, and your recovery codes stop working."
        confirmLabel="Turn off"
        pendingLabel="Turning off…"
        isDestructive
        fallbackError="Two-factor was not turned off."
        onConfirm={async () => {
          await disable.mutateAsync(undefined);
          toast.success('Two-factor is off');
        }}
      />
    </div>
  );
}

function RecoveryOffer({
  onCreated,
  onSkip,
}: {
  onCreated: (codes: string[]) => void;
  onSkip: () => void;
}) {
  const create = useCreateRecoveryCodes();
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm">
        Two-factor is on. Recovery codes sign you in if you lose your device: each works once, in
        place of an app code. They are offered only now.
      </p>
      {create.isError && (
        <FormAlert message={toErrorMessage(create.error, 'Recovery codes were not created.')} />
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={create.isPending}
          onClick={() => create.mutate(undefined, { onSuccess: onCreated })}
        >
          {create.isPending ? 'Creating…' : 'Create recovery codes'}
        </Button>
        <Button variant="outline" disabled={create.isPending} onClick={onSkip}>
          Not now
        </Button>
      </div>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm font-medium">
        Save these codes somewhere safe now: ipick keeps only their fingerprints and will not show
        them again.
      </p>
      <ul
        aria-label="Your recovery codes"
        className="grid w-full grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              .writeText(codes.join('\n'))
              .then(() => toast.success('Recovery codes copied'))
          }
        >
          Copy codes
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}
