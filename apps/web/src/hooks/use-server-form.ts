import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { Outcome } from '@/lib/outcome';

/**
 * `useForm` plus what every short form here does once the fields are valid: send the values,
 * then either show the server's message above the fields (`root.server`) or pass the result to
 * `onSuccess`. Written once so the account forms differ only in their fields and words.
 */
export function useServerForm<TFieldValues extends FieldValues, TValues, TResult extends object>(
  options: UseFormProps<TFieldValues, unknown, TValues>,
  send: (values: TValues) => Promise<Outcome<TResult>>,
  onSuccess?: (result: TResult) => void,
) {
  const { register, handleSubmit, setError, formState } = useForm(options);
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    const outcome = await send(values);
    if (!outcome.success) {
      setError('root.server', { message: outcome.error });
      return;
    }
    onSuccess?.(outcome);
  });

  return { register, errors, isSubmitting, serverError: errors.root?.server?.message, submit };
}
