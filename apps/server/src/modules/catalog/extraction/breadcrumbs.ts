import { extractionLimits, fieldLengths } from './extraction-limits.ts';
import {
  firstLiteral,
  hasType,
  isSchemaNode,
  property,
  values,
  type NodeResolver,
} from './schema-nodes.ts';
import { cleanText } from './text-values.ts';

const breadcrumbTypes = new Set(['breadcrumblist']);
const rootCrumbs = new Set([
  'home',
  'homepage',
  'start',
  'startseite',
  'accueil',
  'inicio',
  'home page',
]);

/**
 * A category path from the first schema.org BreadcrumbList ('Kitchen & Dining > Coffee Makers'),
 * without the home link, the shop's own name (`skipNames`) or the product itself.
 */
export function breadcrumbCategory(
  roots: readonly unknown[],
  resolve: NodeResolver,
  skipNames: readonly string[],
): string | null {
  const list = findBreadcrumbList(roots);
  if (list === null) return null;
  const skipped = new Set(skipNames.map((name) => name.toLowerCase()));
  const crumbs: { position: number; name: string }[] = [];
  const items = values(property(list, 'itemListElement'), resolve).filter(isSchemaNode);
  for (const [index, item] of items.entries()) {
    const target = resolve(property(item, 'item'));
    // The last crumb without a link is the page itself: the product, not a category.
    if (index === items.length - 1 && index > 0 && target === undefined) continue;
    const rawName =
      firstLiteral(property(item, 'name'), resolve) ??
      (isSchemaNode(target) ? firstLiteral(property(target, 'name'), resolve) : null);
    const name = cleanText(rawName, 100);
    if (name === null || rootCrumbs.has(name.toLowerCase()) || skipped.has(name.toLowerCase())) {
      continue;
    }
    const position = Number(firstLiteral(property(item, 'position'), resolve));
    crumbs.push({ position: Number.isFinite(position) ? position : index + 1, name });
  }
  crumbs.sort((left, right) => left.position - right.position);
  return cleanText(
    crumbs
      .slice(0, 8)
      .map((crumb) => crumb.name)
      .join(' > '),
    fieldLengths.category,
  );
}

function findBreadcrumbList(roots: readonly unknown[]) {
  const queue: unknown[] = [...roots];
  for (
    let index = 0;
    index < queue.length && index < extractionLimits.maxNodesVisited;
    index += 1
  ) {
    const value = queue[index];
    if (isSchemaNode(value) && hasType(value, breadcrumbTypes)) return value;
    const children = Array.isArray(value) ? value : isSchemaNode(value) ? Object.values(value) : [];
    for (const child of children.slice(0, 100)) {
      if (
        typeof child === 'object' &&
        child !== null &&
        queue.length < extractionLimits.maxNodesVisited
      ) {
        queue.push(child);
      }
    }
  }
  return null;
}
