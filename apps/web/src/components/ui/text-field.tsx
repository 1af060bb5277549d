import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { sentenceCase } from '@/lib/sentence-case';
import { Input } from './input';
import { Label } from './label';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string;
  /** A short rule or example, shown under the field while there is no error to show. */
  hint?: ReactNode;
  containerClassName?: string;
}

/**
 * A labelled input with its hint or error linked through aria-describedby. The error takes the
 * hint's place (it says what the hint says, about this value), as a sentence: the shared
 * schemas' messages start in lower case because the server puts the field's name before them.
 * Spread a form library's field props into it; `ref` reaches the input.
 */
export function TextField({
  label,
  error,
  hint,
  id,
  containerClassName,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = error ? `${inputId}-error` : undefined;
  const hintId = hint && !error ? `${inputId}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-2', containerClassName)}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {sentenceCase(error)}
        </p>
      ) : null}
      {hintId ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
