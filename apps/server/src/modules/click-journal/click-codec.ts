import { encodeCopyText } from '../../platform/db/copy-rows.ts';
import { clickColumns, type NewClick } from '../referral/referral-repository.ts';

/**
 * A click as a journal payload: its line of COPY text (`clickColumns` in order, tab-separated,
 * ending in a newline), the form the ledger takes it in. Encoded once, when the click is
 * recorded; the shipper joins a batch's lines and sends them as they are, decoding nothing.
 */
export function encodeClick(click: NewClick): Buffer {
  return Buffer.from(encodeClickText(click));
}

/** `encodeClick` as text, for the journal to write straight into its record. */
export function encodeClickText(click: NewClick): string {
  return encodeCopyText(clickColumns, [click]);
}

const JSON_ARRAY_START = 0x5b; // '['

/**
 * A payload's line of COPY text. A journal written before clicks were kept that way holds a
 * JSON array of the column values (the time in ms); it is converted. A COPY line starts with
 * the click's id, never with '['.
 */
export function copyLineOf(payload: Buffer): string {
  if (payload[0] !== JSON_ARRAY_START) return payload.toString('utf8');
  const values = JSON.parse(payload.toString('utf8')) as unknown[];
  if (!Array.isArray(values) || values.length !== clickColumns.length) {
    throw new Error(`a journal click has ${clickColumns.length} values`);
  }
  const click: Record<string, unknown> = {};
  clickColumns.forEach((column, index) => {
    const value = values[index];
    click[column] = column === 'occurred_at' ? new Date(value as number) : value;
  });
  return encodeCopyText(clickColumns, [click as unknown as NewClick]);
}
