import { clickColumns, type NewClick } from '../referral/referral-repository.ts';

/**
 * A click as a journal payload: its column values as a JSON array in `clickColumns` order
 * (no key names repeated in every record), the time as milliseconds since the epoch.
 */
export function encodeClick(click: NewClick): Buffer {
  const values = clickColumns.map((column) => {
    const value = click[column];
    if (value instanceof Date) return value.getTime();
    return value ?? null;
  });
  return Buffer.from(JSON.stringify(values));
}

export function decodeClick(payload: Buffer): NewClick {
  const values = JSON.parse(payload.toString('utf8')) as unknown[];
  if (!Array.isArray(values) || values.length !== clickColumns.length) {
    throw new Error(`a journal click has ${clickColumns.length} values`);
  }
  const click: Record<string, unknown> = {};
  clickColumns.forEach((column, index) => {
    const value = values[index];
    click[column] = column === 'occurred_at' ? new Date(value as number) : value;
  });
  return click as unknown as NewClick;
}
