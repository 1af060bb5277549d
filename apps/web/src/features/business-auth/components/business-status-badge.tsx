import type { BusinessStatus } from '@ipick/contracts';
import { Badge } from '@/components/ui/badge';

const statusLabel: Record<BusinessStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  suspended: 'Suspended',
};

const statusVariant = {
  pending: 'warning',
  active: 'success',
  suspended: 'destructive',
} as const satisfies Record<BusinessStatus, 'warning' | 'success' | 'destructive'>;

export function BusinessStatusBadge({ status }: { status: BusinessStatus }) {
  return <Badge variant={statusVariant[status]}>{statusLabel[status]}</Badge>;
}
