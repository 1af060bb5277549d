import type { ComponentProps } from 'react';
import { PasswordField } from '@/components/credential-fields';

type FieldProps = Omit<ComponentProps<typeof PasswordField>, 'label' | 'isNew'>;

interface NewPasswordFieldsProps {
  /** The field's error and `register(…)` props. */
  password: FieldProps;
  confirmation: FieldProps;
}

/**
 * "New password" and "Confirm password", the same in the reset and change-password forms; the
 * match itself is checked by their schemas (`utils/password-forms.ts`).
 */
export function NewPasswordFields({ password, confirmation }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField label="New password" isNew {...password} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...confirmation} />
    </>
  );
}
