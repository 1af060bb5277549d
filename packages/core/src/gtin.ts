/**
 * GS1 trade item numbers (GTIN-8, UPC-A/GTIN-12, EAN-13/ISBN-13/GTIN-14). Two listings with the
 * same valid GTIN are the same product (research/matching.md §4.3), so every GTIN is stored in one
 * form: 14 digits, left-padded with zeros, check digit verified.
 */

const gtinLengths = new Set([8, 12, 13, 14]);

/** Labels that feeds and pages put in front of the number ('EAN: 400…', 'ISBN-13 978-…'). */
const labelPattern = /^(?:gtin|ean|upc|isbn|jan)(?:-?(?:8|12|13|14|a)(?!\d))?\s*[:#]?\s*/i;

/**
 * The 14-digit form of a GTIN-8, -12, -13 or -14 written with or without spaces and dashes, or
 * null when it has another length, other characters, a wrong check digit, or is all zeros.
 *
 * A number input may have lost its leading zeros on the way (a UPC in a spreadsheet column), so
 * any whole number of up to 14 digits is padded and checked; text must have one of the GTIN
 * lengths.
 */
export function normalizeGtin(input: string | number): string | null {
  let digits: string;
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input) || input <= 0) return null;
    digits = String(input);
    if (digits.length > 14) return null;
  } else if (typeof input === 'string') {
    digits = input.trim().replace(labelPattern, '').replace(/[\s-]/g, '');
    if (!/^\d+$/.test(digits) || !gtinLengths.has(digits.length)) return null;
  } else {
    return null;
  }
  const padded = digits.padStart(14, '0');
  if (/^0+$/.test(padded)) return null;
  return gtinCheckDigit(padded.slice(0, 13)) === Number(padded[13]) ? padded : null;
}

export function isValidGtin(input: string | number): boolean {
  return normalizeGtin(input) !== null;
}

/**
 * The GS1 check digit for `body`, the digits before it (7 for a GTIN-8, 11 for a UPC-A, 12 for an
 * EAN-13, 13 for a GTIN-14): weights 3 and 1 alternate from the right, and the check digit brings
 * the sum to a multiple of ten. Throws a RangeError when `body` is not 1 to 17 digits.
 */
export function gtinCheckDigit(body: string): number {
  if (!/^\d{1,17}$/.test(body)) {
    throw new RangeError(`A GTIN body is 1 to 17 digits, not ${JSON.stringify(body)}.`);
  }
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const digit = body.charCodeAt(body.length - 1 - index) - 48;
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}
