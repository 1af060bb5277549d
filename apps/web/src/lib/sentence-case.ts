/**
 * `text` starting with a capital letter, as a message shown on its own reads. A first word that
 * is ipick's name (always lower case) or an address (a domain, an email, a URL) stays as it is.
 */
export function sentenceCase(text: string): string {
  const firstWord = text.split(' ', 1)[0] ?? '';
  if (firstWord === 'ipick' || /[.@:/]/.test(firstWord)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
