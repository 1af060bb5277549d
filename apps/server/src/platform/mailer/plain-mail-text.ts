import { hasUnsafeNameCharacters } from '@ipick/contracts';

/**
 * Look-alikes for the characters that make text a link or an address. Mail programs turn
 * `shop.example`, `http://…`, `//…` and `name@host` into links by themselves; with these in
 * their place the text reads the same and links nowhere.
 */
const LOOK_ALIKES: Record<string, string> = {
  '.': '\u2024', // one dot leader
  '/': '\u2215', // division slash
  ':': '\u2236', // ratio
  '@': '\uff20', // fullwidth commercial at
};

/**
 * A merchant's words (a shop's name or domain) made safe to put in a plain-text mail to someone
 * else: one line (line breaks and other control or text-direction characters become spaces) that
 * no mail program makes into a link.
 */
export function unlinkable(text: string): string {
  const oneLine = [...text]
    .map((character) => (hasUnsafeNameCharacters(character) ? ' ' : character))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.replace(/[.:/@]/g, (character) => LOOK_ALIKES[character]!);
}
