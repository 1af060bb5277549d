/** What the examples show in place of a secret key that is not on screen any more. */
export const SECRET_KEY_PLACEHOLDER = 'sk_live_YOUR_SECRET_KEY';

/**
 * `curl` reporting a sale to `POST /api/conversions` with a secret key. It runs as shown: a
 * placeholder referral id would be refused (`aff_…` is not a valid id), so it sends none, and
 * the page says where the shop's `referralId` comes from.
 */
export function curlConversionExample(origin: string, secretKey: string): string {
  return [
    `curl -X POST ${origin}/api/conversions \\`,
    `  -H 'Authorization: Bearer ${secretKey}' \\`,
    "  -H 'Content-Type: application/json' \\",
    `  -d '{"kind":"sale","orderId":"ORDER-1234","amountMinor":4999,"currency":"USD"}'`,
  ].join('\n');
}

/**
 * The same call with Node's fetch, reading the key from the environment. A function the shop's
 * order handler calls with its order and the referral id, then one call: it runs as shown in a
 * file of its own, CommonJS or ES module (no top-level await, no undefined names).
 */
export function nodeConversionExample(origin: string, secretKey: string): string {
  return [
    '// Call it from your order handler. referralId is the ipick_ref cookie the snippet kept',
    '// on your shop; leave it out when the shopper has none.',
    'async function reportConversion({ orderId, amountMinor, currency, referralId }) {',
    `  const response = await fetch('${origin}/api/conversions', {`,
    "    method: 'POST',",
    '    headers: {',
    `      Authorization: \`Bearer \${process.env.IPICK_SECRET_KEY ?? '${secretKey}'}\`,`,
    "      'Content-Type': 'application/json',",
    '    },',
    '    body: JSON.stringify({',
    "      kind: 'sale', // or 'lead', 'refund'",
    '      orderId,',
    "      // refundId: 'RF-1', // a refund's own id, to record more than one refund of an order",
    '      amountMinor, // the total in cents',
    '      currency,',
    '      referralId,',
    '    }),',
    '  });',
    '  if (!response.ok) throw new Error(`ipick answered ${response.status}: ${await response.text()}`);',
    '  return response.json();',
    '}',
    '',
    "reportConversion({ orderId: 'ORDER-1234', amountMinor: 4999, currency: 'USD' }).then(",
    "  (result) => console.log(result.duplicate ? 'ipick had this sale already' : 'ipick recorded the sale'),",
    '  (error) => {',
    '    console.error(error);',
    '    process.exitCode = 1;',
    '  },',
    ');',
  ].join('\n');
}
