import { CompiledQuery, type Kysely } from 'kysely';

/** A value COPY can carry: text, a number, a boolean, a time, or null. */
export type CopyValue = string | number | boolean | Date | null;

/**
 * `copy <table> (<columns>) from stdin` with the data as its one parameter: the statement both
 * of our drivers run as a COPY (the PGlite worker from a blob, PostgreSQL over the COPY
 * protocol). Any other statement with a parameter is an ordinary query.
 */
const COPY_FROM_STDIN = /^copy\s[^;]+\sfrom\s+stdin$/i;

export function isCopyFromStdin(sql: string, parameters: readonly unknown[]): boolean {
  return parameters.length === 1 && typeof parameters[0] === 'string' && COPY_FROM_STDIN.test(sql);
}

/**
 * Appends rows to a table with COPY, the cheapest way into PostgreSQL: no statement to plan
 * and no JSON or parameter list to parse, only tab-separated text. All rows commit together or
 * none does. `table` and `columns` are our own names, never input.
 */
export async function copyRows<Schema, Column extends string>(
  db: Kysely<Schema>,
  table: keyof Schema & string,
  columns: readonly Column[],
  rows: readonly Partial<Record<Column, CopyValue>>[],
): Promise<void> {
  if (rows.length === 0) return;
  await copyText(db, table, columns, encodeCopyText(columns, rows));
}

/** `copyRows` for rows already in COPY's text format (`encodeCopyText`), one line each. */
export async function copyText<Schema, Column extends string>(
  db: Kysely<Schema>,
  table: keyof Schema & string,
  columns: readonly Column[],
  text: string,
): Promise<void> {
  if (text.length === 0) return;
  const names = columns.map(quoteIdentifier).join(', ');
  await db.executeQuery(
    CompiledQuery.raw(`copy ${quoteIdentifier(table)} (${names}) from stdin`, [text]),
  );
}

/**
 * PostgreSQL's COPY text format: one line per row with its `columns` in order, a tab between
 * values, `\N` for null (and for a column the row does not have).
 */
export function encodeCopyText<Column extends string>(
  columns: readonly Column[],
  rows: readonly Partial<Record<Column, CopyValue>>[],
): string {
  let text = '';
  for (const row of rows) {
    for (let index = 0; index < columns.length; index++) {
      if (index > 0) text += '\t';
      text += encodeValue(row[columns[index]!] ?? null);
    }
    text += '\n';
  }
  return text;
}

const NEEDS_ESCAPE = /[\\\t\n\r\0]/;
const ESCAPED = /[\\\t\n\r\0]/g;
const escapes: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  // PostgreSQL text cannot hold NUL at all; dropping it keeps the rest of the value (and the
  // other rows of the batch) instead of failing every row.
  '\0': '',
};

function encodeValue(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') {
    return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, (char) => escapes[char]!) : value;
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return isoTime(value);
  return String(value);
}

let lastTime = NaN;
let lastIsoTime = '';

/**
 * `toISOString`, remembered for the last time seen: it is the dearest value to encode, and a
 * batch's rows (clicks of the same moment) often share their millisecond.
 */
function isoTime(date: Date): string {
  const time = date.getTime();
  if (time !== lastTime) {
    lastIsoTime = date.toISOString();
    lastTime = time;
  }
  return lastIsoTime;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
