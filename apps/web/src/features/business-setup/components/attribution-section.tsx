import {
  ATTRIBUTION_WINDOW_MAX_DAYS,
  ATTRIBUTION_WINDOW_MIN_DAYS,
  type AttributionModelName,
} from '@ipick/contracts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useAttributionSettings, useUpdateAttributionSettings } from '../api/attribution-settings';
import { SectionLoad } from './section-card';
import { useMerchantAccess } from '@/features/business-auth/hooks/use-merchant-access';

export const attributionModels: ReadonlyArray<{
  value: AttributionModelName;
  label: string;
  text: string;
}> = [
  {
    value: 'last_click',
    label: 'Last click',
    text: 'The last ipick click before the sale gets all the credit.',
  },
  {
    value: 'first_click',
    label: 'First click',
    text: 'The first ipick click in the window gets all the credit.',
  },
  {
    value: 'linear',
    label: 'Linear',
    text: 'Every ipick click in the window gets an equal share.',
  },
  {
    value: 'position_based',
    label: 'Position-based',
    text: 'The first and last clicks get 40% each; the clicks between share 20%.',
  },
];

/**
 * Checks the window field against the limits the server applies (the contract's), so the form
 * never refuses what the server keeps nor sends what it refuses; null when fine.
 */
export function windowDaysError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'Enter the number of days';
  if (!/^\d+$/.test(trimmed)) return 'Enter a whole number of days';
  const days = Number(trimmed);
  if (days < ATTRIBUTION_WINDOW_MIN_DAYS || days > ATTRIBUTION_WINDOW_MAX_DAYS) {
    return `Choose between ${ATTRIBUTION_WINDOW_MIN_DAYS} and ${ATTRIBUTION_WINDOW_MAX_DAYS} days`;
  }
  return null;
}

/** How long after a click a sale still counts, and how credit is shared between clicks. */
export function AttributionSettingsForm() {
  const settings = useAttributionSettings();
  if (!settings.data) return <SectionLoad query={settings} what="attribution settings" />;
  return <AttributionForm windowDays={settings.data.windowDays} model={settings.data.model} />;
}

function AttributionForm({
  windowDays,
  model,
}: {
  windowDays: number;
  model: AttributionModelName;
}) {
  const update = useUpdateAttributionSettings();
  const [days, setDays] = useState(String(windowDays));
  const [chosen, setChosen] = useState<AttributionModelName>(model);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const description = attributionModels.find((item) => item.value === chosen)?.text;
  const canWrite = useMerchantAccess().may('write');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || !canWrite) return;
    const error = windowDaysError(days);
    setFieldError(error);
    if (error) return;
    update.mutate(
      { windowDays: Number(days), model: chosen },
      { onSuccess: () => toast.success('Attribution settings saved') },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormAlert
        message={
          update.isError
            ? toErrorMessage(update.error, 'The settings could not be saved.')
            : undefined
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Attribution window (days)"
          inputMode="numeric"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={fieldError ?? undefined}
          hint={`From ${ATTRIBUTION_WINDOW_MIN_DAYS} to ${ATTRIBUTION_WINDOW_MAX_DAYS} days after a click.`}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor="attribution-model">Attribution model</Label>
          <NativeSelect
            id="attribution-model"
            value={chosen}
            aria-describedby="attribution-model-hint"
            onChange={(event) => setChosen(event.target.value as AttributionModelName)}
          >
            {attributionModels.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </NativeSelect>
          <p id="attribution-model-hint" className="text-xs text-muted-foreground">
            {description}
          </p>
        </div>
      </div>
      {canWrite ? (
        <div>
          {/* Not `disabled` while saving: a disabled button drops keyboard focus to the page. */}
          <Button
            type="submit"
            aria-disabled={update.isPending || undefined}
            className="aria-disabled:opacity-50"
          >
            {update.isPending ? 'Saving…' : 'Save attribution settings'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
