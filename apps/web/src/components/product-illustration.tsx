import {
  Gamepad2,
  Headphones,
  Lamp,
  MonitorSmartphone,
  Package,
  Smartphone,
  UtensilsCrossed,
  WashingMachine,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * Each demo catalog category's drawing and tint; other categories get a parcel. Electronics
 * holds TVs, tablets and laptops alike, so its drawing is a screen of no one kind.
 */
const illustrations: Record<string, { icon: LucideIcon; tint: string }> = {
  electronics: { icon: MonitorSmartphone, tint: 'from-sky-100 to-sky-200 text-sky-700' },
  gaming: { icon: Gamepad2, tint: 'from-violet-100 to-violet-200 text-violet-700' },
  home: { icon: Lamp, tint: 'from-amber-100 to-amber-200 text-amber-700' },
  kitchen: { icon: UtensilsCrossed, tint: 'from-orange-100 to-orange-200 text-orange-700' },
  appliances: { icon: WashingMachine, tint: 'from-teal-100 to-teal-200 text-teal-700' },
  'small-tech': { icon: Smartphone, tint: 'from-indigo-100 to-indigo-200 text-indigo-700' },
  accessories: { icon: Headphones, tint: 'from-rose-100 to-rose-200 text-rose-700' },
};
const fallback = { icon: Package, tint: 'from-slate-100 to-slate-200 text-slate-600' };

/**
 * What a product without a picture shows: a drawing of its category on a soft tint, made in
 * the page (inline SVG), so nothing is fetched and no empty frame is left. Decorative: the
 * product's name is beside it.
 */
export function ProductIllustration({
  category,
  className,
}: {
  category: string | null | undefined;
  className?: string;
}) {
  const { icon: Icon, tint } = (category ? illustrations[category] : undefined) ?? fallback;
  return (
    <span
      aria-hidden="true"
      data-illustration={category && illustrations[category] ? category : 'product'}
      className={cn(
        'absolute inset-0 flex items-center justify-center bg-linear-to-br',
        tint,
        className,
      )}
    >
      <Icon strokeWidth={1.5} className="size-2/5 max-h-16 max-w-16" />
    </span>
  );
}
