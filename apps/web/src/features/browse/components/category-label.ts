/** "home-audio" -> "Home audio": category slugs read as a title. */
export function categoryLabel(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Category';
}
