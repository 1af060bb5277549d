import { ShieldCheck } from 'lucide-react';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** Which admin account the admin pages are open with. */
export function AdminSignedInAs() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
      Signed in as <span className="font-medium text-foreground">{user.email ?? user.id}</span>
    </p>
  );
}
