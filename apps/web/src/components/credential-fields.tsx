import { PASSWORD_MIN_LENGTH } from '@ipick/contracts';
import type { ComponentProps } from 'react';
import { TextField } from '@/components/ui/text-field';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type'>;

/**
 * The email input of every account form, set up once for autofill and mobile keyboards (no
 * spell-check underlining addresses). Spread `register('email')` into it.
 */
export function EmailField(props: FieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      {...props}
    />
  );
}

interface PasswordFieldProps extends FieldProps {
  /** 'Password' unless the form asks for more than one (current, new, confirmation). */
  label?: string;
  /** A password being chosen: password managers offer to generate one and the rule is shown. */
  isNew?: boolean;
}

/** A password input, as every account form asks for one. Spread `register(…)` into it. */
export function PasswordField({ label = 'Password', isNew = false, ...props }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      hint={isNew ? `At least ${String(PASSWORD_MIN_LENGTH)} characters.` : undefined}
      {...props}
    />
  );
}
