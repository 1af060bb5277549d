import {
  changePasswordRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
} from '@ipick/contracts';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

// The confirmation only has to equal the new password, so it carries no rules of its own: any
// string passes here and `confirmationProblem` gives the one message that matters (spec §5).
const confirmationSchema = loginRequestSchema.shape.password.catch('');

function confirmationProblem(password: string, confirmation: string): string | null {
  if (confirmation === '') return 'Enter the new password again';
  return confirmation === password ? null : PASSWORDS_DO_NOT_MATCH;
}

/** Reset form: new password and its confirmation; the code comes from the address. */
export const resetPasswordFormSchema = resetPasswordRequestSchema
  .pick({ password: true })
  .extend({ confirmPassword: confirmationSchema })
  .superRefine(({ password, confirmPassword }, context) => {
    const message = confirmationProblem(password, confirmPassword);
    if (message) context.addIssue({ code: 'custom', path: ['confirmPassword'], message });
  });

/** Change-password form: current password, new password and its confirmation. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: confirmationSchema })
  .superRefine(({ newPassword, confirmPassword }, context) => {
    const message = confirmationProblem(newPassword, confirmPassword);
    if (message) context.addIssue({ code: 'custom', path: ['confirmPassword'], message });
  });
