/**
 * The landing page arrives prerendered, so on a slow phone a shopper can paste a link into the
 * box before the script that runs it has loaded. React would take the box over with its own
 * empty value and wipe what they pasted: main.tsx reads the box just before React takes over,
 * and the form starts from that value.
 */
let typed: string | null = null;

/** Remembers what the prerendered paste box inside `root` holds, if anything. */
export function keepTypedBeforeHydration(root: ParentNode): void {
  const box = root.querySelector<HTMLInputElement>('input[name="product-link"]');
  typed = box && box.value !== '' ? box.value : null;
}

/** What was typed before React took over, once (a later visit to the page starts empty). */
export function takeTypedBeforeHydration(): string | null {
  const value = typed;
  typed = null;
  return value;
}
