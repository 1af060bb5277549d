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
 * Shops name their categories in free text ("Home & Kitchen › Blenders", "TV & Video"). The
 * most specific part, the last, decides first; words are checked in this order because
 * "gaming headphones" are accessories to a shopper far less often than a console is gaming.
 */
const categoryWords: readonly (readonly [key: string, words: RegExp])[] = [
  ['gaming', /\b(gaming|video ?games?|consoles?|playstation|xbox|nintendo)\b/],
  [
    'accessories',
    /\b(headphones?|earbuds?|headsets?|cables?|chargers?|cases?|accessor(y|ies)|speakers?)\b/,
  ],
  ['small-tech', /\b(phones?|smartphones?|cell|mobile|wearables?|smart ?watch(es)?|watches)\b/],
  [
    'appliances',
    /\b(appliances?|washers?|washing|dryers?|fridges?|refrigerators?|vacuums?|dishwashers?)\b/,
  ],
  ['kitchen', /\b(kitchen|blenders?|cookware|coffee|espresso|toasters?|mixers?|knives|cooking)\b/],
  [
    'electronics',
    /\b(electronics|tvs?|television|laptops?|computers?|tablets?|monitors?|cameras?|video)\b/,
  ],
  ['home', /\b(home|furniture|lamps?|lighting|decor|bedding|garden)\b/],
];

/** The drawing for a category: the demo catalog's own keys, else words of a shop's category. */
export function illustrationKey(category: string | null | undefined): string | null {
  if (!category) return null;
  if (illustrations[category]) return category;
  const parts = category.toLowerCase().split(/[>›/|,]/);
  for (const part of parts.reverse()) {
    for (const [key, words] of categoryWords) if (words.test(part)) return key;
  }
  return null;
}

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
  const key = illustrationKey(category);
  const { icon: Icon, tint } = (key ? illustrations[key] : undefined) ?? fallback;
  return (
    <span
      aria-hidden="true"
      data-illustration={key ?? 'product'}
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
