import { LoaderCircle } from 'lucide-react';

/** Full-page state while a product link placed in the address is checked (spec §2). */
export function ProcessingUrlScreen() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div role="status" aria-live="polite" className="flex items-center gap-3 text-lg font-medium">
        <LoaderCircle
          aria-hidden="true"
          className="size-6 animate-spin text-primary motion-reduce:animate-none"
        />
        Processing URL...
      </div>
    </main>
  );
}
