import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AFTER_SIGN_OUT_PATH } from './handler-pages';

/** /handler/sign-out: ends this device's session, then goes to the after-sign-out page (home). */
export function SignOutHandler() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (hasStarted.current) return;
    hasStarted.current = true;
    void logout().then(() => navigate(AFTER_SIGN_OUT_PATH, { replace: true }));
  }, [logout, navigate]);

  return (
    <PageContainer className="max-w-md">
      <PageHeader title="Sign out" description="Ending your session on this device." />
      <p role="status" className="text-sm text-muted-foreground">
        Signing you out…
      </p>
    </PageContainer>
  );
}
