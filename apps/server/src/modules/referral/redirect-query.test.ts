import { redirectQuerySchema } from '@ipick/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { readRedirectQuery } from './redirect-query.ts';

/** What the contract's schema alone makes of a query: its data, or the route's 400 message. */
function bySchema(query: unknown) {
  const result = redirectQuerySchema.safeParse(query);
  if (result.success) return { data: result.data };
  return {
    error: result.error.issues
      .map((issue) => `${issue.path.map(String).join('.') || 'query'}: ${issue.message}`)
      .join('; '),
  };
}

function byReader(query: unknown) {
  try {
    return { data: readRedirectQuery(query).query };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.code).toBe('invalid_request');
    return { error: error.message };
  }
}

const offerId = '018f2d4e-6b7a-7c3d-8e9f-0a1b2c3d4e5f';
const link = 'https://www.amazon.com/dp/B08P2HBBLX?tag=ipick-20&session_id=s1';

describe('readRedirectQuery', () => {
  it('reads a plain click as the schema does, with its address parsed once for the click', () => {
    const query = { to: ` ${link} `, session_id: 's1', utm_source: 'ipick', from: '/compare' };
    const { query: read, destination } = readRedirectQuery(query);
    expect(read).toEqual(redirectQuerySchema.parse(query));
    expect(destination?.href).toBe(new URL(link).href);
  });

  it('reads an offer without an address, with nothing parsed', () => {
    expect(readRedirectQuery({ offer: offerId })).toEqual({
      query: { offer: offerId },
      destination: undefined,
    });
  });

  // The messages a shopper or an API client reads, word for word as before.
  it.each([
    [{}, 'to: add the address to go to'],
    [{ to: '   ' }, 'to: add the address to go to'],
    [
      { to: 'ftp://example.com/file' },
      'to: only http and https addresses can be followed, not ftp:',
    ],
    [
      { to: 'not a link' },
      'to: this is not a full web address; it must start with https:// or http://',
    ],
    [
      { to: 'https://me:secret@example.com/' },
      'to: addresses with a user name or password are not followed',
    ],
    [{ to: 'https://example.com/\u0001' }, 'to: the address contains control characters'],
    [
      { to: `https://example.com/${'a'.repeat(2048)}` },
      'to: the address is longer than 2048 characters',
    ],
    [{ offer: 'nope' }, 'offer: this is not an offer id'],
    [{ sig: 'abc' }, 'to: add the address to go to; sig: a signature needs `to`'],
    [{ to: link, sig: 'not/base64url' }, 'sig: the signature does not match this link'],
    [
      { to: link, session_id: 'x'.repeat(201) },
      'session_id: Too big: expected string to have <=200 characters',
    ],
    [
      { to: link, to_: 'x', utm_term: 'y'.repeat(201) },
      'utm_term: Too big: expected string to have <=200 characters',
    ],
    [{ to: [link, link] }, 'to: give one address, not 2'],
    [{ to: link, offer: [offerId, offerId, offerId] }, 'offer: give one offer id, not 3'],
  ])('refuses %j with "%s"', (query, message) => {
    expect(() => readRedirectQuery(query)).toThrow(new AppError('invalid_request', message));
  });

  it('accepts and refuses exactly what the schema does, in the same words', () => {
    const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
    const address = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.constantFrom(
        link,
        ` ${link}\t`,
        '',
        ' ',
        'https:///path',
        'http://',
        'mailto:a@example.com',
        'javascript:alert(1)',
        'https://user@example.com/',
        'https://example.com/\u007f',
        'HTTPS://EXAMPLE.COM',
        `https://example.com/${'a'.repeat(2030)}`,
        `https://example.com/${'a'.repeat(2029)}`,
      ),
      fc.string({ maxLength: 40 }),
    );
    const tracking = fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.constantFrom('x'.repeat(200), 'x'.repeat(201)),
    );
    const query = fc.record(
      {
        to: maybe(address),
        offer: maybe(fc.oneof(fc.uuid(), fc.string({ maxLength: 36 }), fc.constant(offerId))),
        sig: maybe(fc.oneof(fc.base64String({ maxLength: 20 }), fc.string({ maxLength: 8 }))),
        session_id: maybe(tracking),
        utm_source: maybe(tracking),
        utm_content: maybe(tracking),
        from: maybe(fc.oneof(fc.string(), fc.constant('/'.repeat(2049)))),
        other: maybe(fc.string()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(query, (generated) => {
        // A parameter that is not in the query is absent, as Fastify's query parser gives it.
        const given = Object.fromEntries(
          Object.entries(generated).filter(([, value]) => value !== undefined),
        );
        expect(byReader(given)).toEqual(bySchema(given));
      }),
      { numRuns: 3000 },
    );
  });
});
