import type { ComponentProps } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

/** Sonner's stacked toasts, styled to the app's theme. Behaviour props are set by the caller. */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  return (
    <SonnerToaster
      theme="light"
      toastOptions={{
        classNames: {
          toast: 'border-border bg-card text-card-foreground',
          description: 'text-muted-foreground',
        },
      }}
      {...props}
    />
  );
}
