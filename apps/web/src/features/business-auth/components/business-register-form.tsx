import { zodResolver } from '@hookform/resolvers/zod';
import { businessRegisterRequestSchema, PASSWORD_MIN_LENGTH } from '@ipick/contracts';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useBusinessAuth } from '../hooks/use-business-auth';

/** Registers a merchant account (name, shop domain, contact email, password) and signs it in. */
export function BusinessRegisterForm() {
  const { register: registerBusiness } = useBusinessAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(businessRegisterRequestSchema),
    defaultValues: { name: '', domain: '', email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    const result = await registerBusiness(values);
    if (!result.success) setError('root.server', { message: result.error });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label="Business name"
        autoComplete="organization"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Shop domain"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="shop.example.com"
        hint="The address of your online shop, without https://."
        error={errors.domain?.message}
        {...register('domain')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${String(PASSWORD_MIN_LENGTH)} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Registering…' : 'Register business'}
      </Button>
    </form>
  );
}
