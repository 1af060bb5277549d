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
  /** Shown on the button while the form is being sent, e.g. 'Signing in…'. */
  pendingLabel: string;
  children: ReactNode;
}

/**
 * The frame the short forms share, so they look and behave alike: the browser's own validation
 * off (the schema's messages are shown instead), the server's failure on top, the fields, then
 * one submit button that says so while the form is being sent, and sends it only once. The
 * button is `aria-disabled`, not `disabled`: browsers move focus off a disabled button to the
 * page, so a keyboard user who pressed it would be left nowhere when the server refuses.
 */
export function FormShell({ form, submitLabel, pendingLabel, children }: FormShellProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (form.isSubmitting) {
      event.preventDefault();
      return;
    }
    void form.submit(event);
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormAlert message={form.serverError} />
      {children}
      <Button
        type="submit"
        aria-disabled={form.isSubmitting || undefined}
        className="aria-disabled:opacity-50"
      >
        {form.isSubmitting ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
