import { z } from 'zod';

/**
 * Characters a name shown to other people may not hold: C0 and C1 control characters (line
 * breaks and tabs included), the Unicode line and paragraph separators, and the bidirectional
 * marks, embeddings, overrides and isolates that reorder text on screen (a name could otherwise
 * show as something else, or break a mail's subject line).
 */
const UNSAFE_NAME_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u;

/** Whether `text` holds a character that a shown name may not hold. */
export function hasUnsafeNameCharacters(text: string): boolean {
  return UNSAFE_NAME_CHARACTERS.test(text);
}

/** The message for a name with such characters; `what` names the field, e.g. "Shop names". */
export function unsafeNameMessage(what: string): string {
  return `${what} may not contain line breaks, control characters or text-direction marks`;
}

/**
 * A trimmed, non-empty name of at most `maxLength` characters that is plain text on one line.
 * Each message names the field (`what`, e.g. "Shop names"), so a form can show it as it is.
 */
export function plainNameSchema(options: {
  what: string;
  emptyMessage: string;
  maxLength: number;
}) {
  return z
    .string({ message: options.emptyMessage })
    .refine((name) => !hasUnsafeNameCharacters(name), unsafeNameMessage(options.what))
    .trim()
    .min(1, options.emptyMessage)
    .max(options.maxLength, `${options.what} are at most ${options.maxLength} characters`);
}
