import { zodResolver } from '@hookform/resolvers/zod';
import { businessRegisterRequestSchema } from '@ipick/contracts';
import { EmailField, PasswordField } from '@/components/credential-fields';
import { FormShell } from '@/components/form-shell';
import { TextField } from '@/components/ui/text-field';
import { useServerForm } from '@/hooks/use-server-form';
import { useBusinessAuth } from '../hooks/use-business-auth';

/** Registers a merchant account (name, shop domain, contact email, password) and signs it in. */
export function BusinessRegisterForm() {
  const { register: registerBusiness } = useBusinessAuth();
  const { register, errors, ...form } = useServerForm(
    {
      resolver: zodResolver(businessRegisterRequestSchema),
      defaultValues: { name: '', domain: '', email: '', password: '' },
    },
    registerBusiness,
  );

  return (
    <FormShell form={form} submitLabel="Register business" pendingLabel="Registering…">
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
      <EmailField error={errors.email?.message} {...register('email')} />
      <PasswordField isNew error={errors.password?.message} {...register('password')} />
    </FormShell>
  );
}
