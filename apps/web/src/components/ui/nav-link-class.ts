import { cn } from '@/lib/cn';

/** The class of a navigation link, highlighted while its page is open (for NavLink's className). */
export function navLinkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    'block rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground',
  );
}
