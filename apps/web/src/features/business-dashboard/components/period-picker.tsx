import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import {
  checkDays,
  PERIOD_PRESETS,
  presetPeriod,
  todayUtc,
  type Period,
  type PeriodPreset,
} from '../utils/period';

interface PeriodPickerProps {
  value: Period;
  onChange: (period: Period) => void;
}

/** A preset period, or two days of the merchant's choosing (UTC), checked before they are used. */
export function PeriodPicker({ value, onChange }: PeriodPickerProps) {
  const id = useId();
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const [error, setError] = useState<string | null>(null);

  function handlePreset(preset: PeriodPreset) {
    if (preset === 'custom') {
      onChange({ ...value, preset: 'custom' });
      return;
    }
    const period = presetPeriod(preset);
    setFrom(period.from);
    setTo(period.to);
    setError(null);
    onChange(period);
  }

  function handleApply(event: FormEvent) {
    event.preventDefault();
    const problem = checkDays(from, to);
    setError(problem);
    if (!problem) onChange({ preset: 'custom', from, to });
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-preset`}>Period</Label>
        <NativeSelect
          id={`${id}-preset`}
          value={value.preset}
          onChange={(event) => handlePreset(event.target.value as PeriodPreset)}
          className="sm:w-48"
        >
          {PERIOD_PRESETS.map((preset) => (
            <option key={preset.value} value={preset.value}>
              {preset.label}
            </option>
          ))}
          <option value="custom">Custom dates</option>
        </NativeSelect>
      </div>
      {value.preset === 'custom' ? (
        <form
          onSubmit={handleApply}
          noValidate
          aria-label="Custom period"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={from}
              max={todayUtc()}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <Button type="submit" variant="outline">
            Apply
          </Button>
        </form>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive sm:basis-full">
          {error}
        </p>
      ) : null}
    </div>
  );
}
