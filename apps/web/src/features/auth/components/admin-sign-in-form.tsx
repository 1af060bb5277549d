import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@ipick/contracts';
import { CredentialsForm } from '@/components/credentials-form';
import { captureOutcome } from '@/lib/outcome';
import { useAdminLogin } from '../api/admin-login';

/**
 * Admin sign-in. The server refuses accounts without admin rights (403) and creates no session
 * for them; its message is shown as is.
 */
export function AdminSignInForm() {
  const { mutateAsync: adminLogin } = useAdminLogin();
  return (
    <CredentialsForm
      resolver={zodResolver(loginRequestSchema)}
      onSubmit={(credentials) => captureOutcome(() => adminLogin(credentials), 'Login failed')}
    />
  );
}
