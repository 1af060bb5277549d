import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';

/** The part of a form's state the shell shows; `useServerForm` returns it. */
export interface FormShellState {
  submit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>;
  serverError: string | undefined;
  isSubmitting: boolean;
}

interface FormShellProps {
  form: FormShellState;
  submitLabel: string;
  /** Shown on the disabled button while the form is being sent, e.g. 'Signing in…'. */
  pendingLabel: string;
  children: ReactNode;
}

/**
 * The frame the short forms share, so they look and behave alike: the browser's own validation
 * off (the schema's messages are shown instead), the server's failure on top, the fields, then
 * one submit button that is disabled and says so while the form is being sent.
 */
export function FormShell({ form, submitLabel, pendingLabel, children }: FormShellProps) {
  return (
    <form noValidate onSubmit={(event) => void form.submit(event)} className="flex flex-col gap-4">
      <FormAlert message={form.serverError} />
      {children}
      <Button type="submit" disabled={form.isSubmitting}>
        {form.isSubmitting ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
