import { Link } from 'react-router';

/**
 * What the dashboard's conversions and revenue count: only what ipick sent, as the server
 * decides it (a lead or sale quoting an ipick id within the attribution window, net of refunds).
 */
export function IpickConversionsNote() {
  return (
    <p className="text-sm text-muted-foreground">
      Conversions and revenue count the leads and sales that came with an ipick referral or click
      id, within your attribution window. Each sale counts less its refunds; a sale refunded in full
      is not counted. The{' '}
      <Link to="/business/dashboard/checkout/attribution" className="underline underline-offset-2">
        Attribution
      </Link>{' '}
      page also follows a shopper&apos;s visits from an ipick click to a later sale, so it may
      credit a few more.
    </p>
  );
}
