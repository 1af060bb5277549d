import { Info } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { useHealth } from '../api/get-health';

type ServiceState = 'checking' | 'available' | 'unavailable';

const stateLabel: Record<ServiceState, string> = {
  checking: 'checking…',
  available: 'available',
  unavailable: 'unavailable',
};

/** A small footer line saying whether the ipick server answers. Failures only change the text. */
export function ServiceStatus() {
  const { data, isPending, isError } = useHealth();
  const state: ServiceState = isPending
    ? 'checking'
    : !isError && data?.status === 'ok'
      ? 'available'
      : 'unavailable';

  return (
    <p className="flex items-center gap-2 text-xs text-muted-foreground">
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-2 rounded-full',
          state === 'available' && 'bg-brand-600',
          state === 'unavailable' && 'bg-destructive',
          state === 'checking' && 'bg-input',
        )}
      />
      <span aria-live="polite">Service status: {stateLabel[state]}</span>
      <Tooltip>
        <TooltipTrigger
          aria-label="About service status"
          className="rounded-sm p-0.5 hover:text-foreground"
        >
          <Info aria-hidden="true" className="size-3.5" />
        </TooltipTrigger>
        <TooltipContent>Whether the ipick server and its database are answering.</TooltipContent>
      </Tooltip>
    </p>
  );
}
