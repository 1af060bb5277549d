import { zodResolver } from '@hookform/resolvers/zod';
import { updateBusinessProfileRequestSchema, type Business } from '@ipick/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useUpdateBusinessProfile } from '../api/business-profile';
import { useMerchantAccess } from '@/features/business-auth/hooks/use-merchant-access';

interface ProfileSectionProps {
  business: Business;
  /** Called with the saved business, so the page can update the signed-in merchant. */
  onSaved: (business: Business) => void;
}

/** The shop's name and contact email; the domain is shown but not changed here. */
export function ProfileForm({ business, onSaved }: ProfileSectionProps) {
  const update = useUpdateBusinessProfile();
  const canWrite = useMerchantAccess().may('write');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(updateBusinessProfileRequestSchema),
    defaultValues: { name: business.name, contactEmail: business.contactEmail },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({ name: saved.business.name, contactEmail: saved.business.contactEmail });
      onSaved(saved.business);
      toast.success('Shop profile saved');
    } catch (error) {
      setError('root.server', {
        message: toErrorMessage(error, 'Your shop profile could not be saved.'),
      });
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => (canWrite ? void submit(event) : event.preventDefault())}
      className="flex flex-col gap-4"
    >
      <FormAlert message={errors.root?.server?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Shop name"
          autoComplete="organization"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Contact email"
          type="email"
          autoComplete="email"
          hint="Where ipick writes to about your shop."
          error={errors.contactEmail?.message}
          {...register('contactEmail')}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        Shop domain: <span className="font-mono">{business.domain}</span>
      </p>
      {canWrite ? (
        <div>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save profile'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
