/**
 * Fills the model-number and series templates of catalog-words.ts. The n-th fill of a
 * template is a bijection of n, so series and model numbers never repeat within a template
 * until it runs out, and nothing has to remember what was handed out.
 */
import { hashText, scatter } from './catalog-random.ts';

/** A template is literal text and choices; a choice's options may have slots of their own. */
interface Template {
  parts: Part[];
  space: number;
}

type Part = string | { options: Template[]; space: number };

const DIGITS = [...'0123456789'];
const NONZERO_DIGITS = [...'123456789'];
// No I, O or Q: shops avoid them in model numbers because they read as 1 and 0.
const LETTERS = [...'ABCDEFGHJKLMNPRSTUVWXYZ'];

const compiled = new Map<string, Template>();

function choice(options: Template[]): Part {
  let space = 0;
  for (const option of options) space += option.space;
  return { options, space };
}

function literal(text: string): Template {
  return { parts: [text], space: 1 };
}

function compile(template: string): Template {
  const known = compiled.get(template);
  if (known) return known;
  const parts: Part[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') parts.push(text);
    text = '';
  };
  for (let i = 0; i < template.length; i++) {
    const char = template[i]!;
    if (char === '{') {
      // {series}, {v}: placeholders that are substituted later, kept as text.
      const end = template.indexOf('}', i);
      text += template.slice(i, end + 1);
      i = end;
    } else if (char === '#' || char === '%' || char === '@') {
      flush();
      const alphabet = char === '#' ? DIGITS : char === '%' ? NONZERO_DIGITS : LETTERS;
      parts.push(choice(alphabet.map(literal)));
    } else if (char === '[') {
      flush();
      const end = template.indexOf(']', i);
      const body = template.slice(i + 1, end);
      parts.push(
        choice(body.includes('|') ? body.split('|').map(compile) : [...body].map(literal)),
      );
      i = end;
    } else {
      text += char;
    }
  }
  flush();
  let space = 1;
  for (const part of parts) if (typeof part !== 'string') space *= part.space;
  if (!Number.isSafeInteger(space)) throw new RangeError(`template too large: ${template}`);
  const result = { parts, space };
  compiled.set(template, result);
  return result;
}

function render(template: Template, value: number): string {
  const chosen: string[] = new Array<string>(template.parts.length);
  for (let i = template.parts.length - 1; i >= 0; i--) {
    const part = template.parts[i]!;
    if (typeof part === 'string') {
      chosen[i] = part;
      continue;
    }
    let rest = value % part.space;
    value = Math.floor(value / part.space);
    for (const option of part.options) {
      if (rest < option.space) {
        chosen[i] = render(option, rest);
        break;
      }
      rest -= option.space;
    }
  }
  return chosen.join('');
}

/** How many different texts a template can give. */
export function templateSpace(template: string): number {
  return compile(template).space;
}

/** Every choice of a template with its options as written, to check none repeats. */
export function templateOptions(template: string): readonly (readonly string[])[] {
  const lists: string[][] = [];
  const walk = (text: string) => {
    for (const match of text.matchAll(/\[([^\]]*)\]/g)) {
      const body = match[1]!;
      lists.push(body.includes('|') ? body.split('|') : [...body]);
    }
  };
  walk(template);
  return lists;
}

/**
 * The `index`-th text of `template`, scrambled by `salt`. Below the template's space every
 * index gives a different text; past it a round number is appended, so texts stay different.
 * A template without slots is returned as it is.
 */
export function fillTemplate(template: string, index: number, salt: number): string {
  const compiledTemplate = compile(template);
  const { space } = compiledTemplate;
  if (space === 1) return template;
  const round = Math.floor(index / space);
  const text = render(
    compiledTemplate,
    scatter(index % space, space, (salt ^ hashText(template)) >>> 0),
  );
  return round === 0 ? text : `${text}${round + 1}`;
}
