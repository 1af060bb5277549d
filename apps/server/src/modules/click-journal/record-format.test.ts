import { describe, expect, it } from 'vitest';
import {
  encodeRecord,
  encodeTextRecord,
  readRecords,
  RECORD_HEADER_BYTES,
} from './record-format.ts';

const payload = (text: string) => Buffer.from(text);

describe('journal records', () => {
  it('reads back whole records in order', () => {
    const bytes = Buffer.concat([encodeRecord(payload('one')), encodeRecord(payload('two'))]);
    const read = readRecords(bytes);
    expect(read.payloads.map(String)).toEqual(['one', 'two']);
    expect(read.validLength).toBe(bytes.length);
    expect(read.ends).toEqual([RECORD_HEADER_BYTES + 3, bytes.length]);
  });

  it('cuts a torn tail at every length: a record half written is never read', () => {
    const whole = encodeRecord(payload('the first click'));
    const torn = encodeRecord(payload('the click being written when the power went'));
    for (let kept = 0; kept < torn.length; kept++) {
      const read = readRecords(Buffer.concat([whole, torn.subarray(0, kept)]));
      expect(read.payloads.map(String)).toEqual(['the first click']);
      expect(read.validLength).toBe(whole.length);
    }
  });

  it('stops at a record whose checksum does not match, in its payload or its length', () => {
    const first = encodeRecord(payload('kept'));
    const flippedPayload = encodeRecord(payload('flipped'));
    flippedPayload[RECORD_HEADER_BYTES + 2]! ^= 0x01;
    const afterIt = encodeRecord(payload('after the bad one'));
    const read = readRecords(Buffer.concat([first, flippedPayload, afterIt]));
    expect(read.payloads.map(String)).toEqual(['kept']);
    expect(read.validLength).toBe(first.length);

    const flippedLength = encodeRecord(payload('abcdef'));
    flippedLength.writeUInt32LE(5, 0); // a shorter length, still inside the buffer
    expect(readRecords(Buffer.concat([first, flippedLength])).payloads).toHaveLength(1);
  });

  it('treats zeros (a file extended but never written) as the end', () => {
    const first = encodeRecord(payload('kept'));
    const read = readRecords(Buffer.concat([first, Buffer.alloc(64)]));
    expect(read.payloads).toHaveLength(1);
    expect(read.validLength).toBe(first.length);
  });

  it('refuses empty and oversized payloads', () => {
    expect(() => encodeRecord(Buffer.alloc(0))).toThrow(RangeError);
    expect(() => encodeRecord(Buffer.alloc(2 * 1024 * 1024))).toThrow(RangeError);
  });

  it('writes a text payload as the record of its UTF-8 bytes, read back whole', () => {
    const text = 'c1\thttps://example.com/Kaffeemühle?q=€\t🙂\n';
    const record = encodeTextRecord(text);
    expect(record).toEqual(encodeRecord(Buffer.from(text, 'utf8')));
    expect(
      readRecords(Buffer.concat([record, encodeTextRecord('next')])).payloads.map(String),
    ).toEqual([text, 'next']);
    expect(() => encodeTextRecord('')).toThrow(RangeError);
  });
});
