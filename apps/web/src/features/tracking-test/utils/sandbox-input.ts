import { API_KEY_PREFIXES, currencyCodeSchema } from '@ipick/contracts';

/** The largest test purchase the sandbox sends, in major units. */
export const MAX_TEST_AMOUNT = 1_000_000;

type Checked<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

/** Digits with at most two decimals: `49.99`, `5`, `0.5`, `.5`. No exponents, signs or commas. */
const plainAmount = /^(?:\d+(?:\.\d{0,2})?|\.\d{1,2})$/;

/**
 * A typed test purchase amount in minor units (cents). Read from the text, not through
 * `Number()`, which would take `1e9` or `0x10` as numbers and round long decimals.
 */
export function parseTestAmount(text: string): Checked<number> {
  const amount = text.trim();
  if (!plainAmount.test(amount)) {
    return { error: 'enter an amount such as 49.99, with two decimals at most' };
  }
  const [whole = '', fraction = ''] = amount.split('.');
  const minor = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (minor > MAX_TEST_AMOUNT * 100) {
    return { error: `enter at most ${MAX_TEST_AMOUNT.toLocaleString('en-US')}` };
  }
  return { value: minor };
}

/** A typed currency as the tracking API takes it: three letters (ISO 4217), upper-cased. */
export function parseTestCurrency(text: string): Checked<string> {
  const parsed = currencyCodeSchema.safeParse(text);
  if (!parsed.success) return { error: 'enter three letters (ISO 4217), such as USD' };
  return { value: parsed.data };
}

/** ipick's keys: the kind's prefix, then letters and digits. */
const keyBody = /^[A-Za-z0-9]+$/;

/**
 * A typed publishable key, checked for its form only (whether ipick knows it shows in the
 * answers). A secret key is refused with its own message: it must never be put in a page.
 */
export function parsePublishableKey(text: string): Checked<string> {
  const key = text.trim();
  if (key.startsWith(API_KEY_PREFIXES.secret)) {
    return {
      error: `this is a secret key, which must never be put in a web page: use a publishable key (${API_KEY_PREFIXES.publishable}…)`,
    };
  }
  const prefix = API_KEY_PREFIXES.publishable;
  if (!key.startsWith(prefix) || !keyBody.test(key.slice(prefix.length))) {
    return {
      error: `enter a publishable key: ${prefix} followed by letters and digits, as shown under Integrate`,
    };
  }
  return { value: key };
}
