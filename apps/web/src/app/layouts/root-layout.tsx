import { DirectUrlGate } from '@/features/product-request/components/direct-url-gate';
import { SiteLayout } from './site-layout';

/** The root route: the direct-URL detector runs before any page is chosen (spec §2). */
export function RootLayout() {
  return (
    <DirectUrlGate>
      <SiteLayout />
    </DirectUrlGate>
  );
}
