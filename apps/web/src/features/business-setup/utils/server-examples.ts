/** What the examples show in place of a secret key that is not on screen any more. */
export const SECRET_KEY_PLACEHOLDER = 'sk_live_YOUR_SECRET_KEY';

/** `curl` reporting a sale to `POST /api/conversions` with a secret key. */
export function curlConversionExample(origin: string, secretKey: string): string {
  return [
    `curl -X POST ${origin}/api/conversions \\`,
    `  -H 'Authorization: Bearer ${secretKey}' \\`,
    "  -H 'Content-Type: application/json' \\",
    `  -d '{"kind":"sale","orderId":"ORDER-1234","amountMinor":4999,"currency":"USD","referralId":"aff_…"}'`,
  ].join('\n');
}

/** The same call with Node's fetch, reading the key from the environment. */
export function nodeConversionExample(origin: string, secretKey: string): string {
  return [
    `const response = await fetch('${origin}/api/conversions', {`,
    "  method: 'POST',",
    '  headers: {',
    `    Authorization: \`Bearer \${process.env.IPICK_SECRET_KEY ?? '${secretKey}'}\`,`,
    "    'Content-Type': 'application/json',",
    '  },',
    '  body: JSON.stringify({',
    "    kind: 'sale', // or 'lead', 'refund'",
    "    orderId: 'ORDER-1234',",
    "    // refundId: 'RF-1', // a refund's own id, to record more than one refund of an order",
    '    amountMinor: 4999, // the total in cents',
    "    currency: 'USD',",
    '    referralId, // the ipick_ref value your shop kept from the landing address',
    '  }),',
    '});',
    'if (!response.ok) throw new Error(`ipick answered ${response.status}`);',
  ].join('\n');
}
