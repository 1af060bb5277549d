import { crc32 } from 'node:zlib';

/**
 * One journal record on disk: its payload's length and CRC-32 (both unsigned 32-bit, little
 * endian), then the payload. The checksum covers the length too, so a length torn or flipped
 * by a crash is caught before it is used to read on.
 */
export const RECORD_HEADER_BYTES = 8;

/** No click comes near this; a larger length is a torn or corrupt header, not a record. */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;

/** The length's bytes for its checksum: one buffer, used and done with synchronously. */
const lengthBytes = Buffer.allocUnsafe(4);

function checksumOf(length: number, payload: Uint8Array): number {
  lengthBytes.writeUInt32LE(length);
  return crc32(payload, crc32(lengthBytes));
}

function checkPayloadLength(length: number): void {
  if (length === 0 || length > MAX_PAYLOAD_BYTES) {
    throw new RangeError(`a journal record holds 1 to ${MAX_PAYLOAD_BYTES} bytes`);
  }
}

export function encodeRecord(payload: Uint8Array): Buffer {
  checkPayloadLength(payload.length);
  const record = Buffer.allocUnsafe(RECORD_HEADER_BYTES + payload.length);
  record.writeUInt32LE(payload.length, 0);
  record.writeUInt32LE(checksumOf(payload.length, payload), 4);
  record.set(payload, RECORD_HEADER_BYTES);
  return record;
}

/**
 * The record of a payload given as text (UTF-8): the same bytes as `encodeRecord` of the text's
 * bytes, written straight into the record rather than encoded first and copied (every click).
 */
export function encodeTextRecord(text: string): Buffer {
  const length = Buffer.byteLength(text, 'utf8');
  checkPayloadLength(length);
  const record = Buffer.allocUnsafe(RECORD_HEADER_BYTES + length);
  record.writeUInt32LE(length, 0);
  record.write(text, RECORD_HEADER_BYTES, 'utf8');
  record.writeUInt32LE(checksumOf(length, record.subarray(RECORD_HEADER_BYTES)), 4);
  return record;
}

export interface ReadRecords {
  /** The payloads of the whole, intact records from the start, in order. */
  payloads: Buffer[];
  /** Where each record ends, from the start of the buffer. */
  ends: number[];
  /** The bytes that hold whole records; anything after them is a torn or corrupt tail. */
  validLength: number;
}

/**
 * Reads records from the start of `buffer` (which must start at a record) up to the first that
 * is incomplete or fails its checksum. Everything from there on is the tail a crash tore: it is
 * never read as a click, and the journal cuts it off.
 */
export function readRecords(buffer: Buffer): ReadRecords {
  const payloads: Buffer[] = [];
  const ends: number[] = [];
  let offset = 0;
  while (buffer.length - offset >= RECORD_HEADER_BYTES) {
    const length = buffer.readUInt32LE(offset);
    const checksum = buffer.readUInt32LE(offset + 4);
    if (length === 0 || length > MAX_PAYLOAD_BYTES) break;
    const end = offset + RECORD_HEADER_BYTES + length;
    if (end > buffer.length) break;
    const payload = buffer.subarray(offset + RECORD_HEADER_BYTES, end);
    if (checksumOf(length, payload) !== checksum) break;
    payloads.push(payload);
    ends.push(end);
    offset = end;
  }
  return { payloads, ends, validLength: offset };
}
