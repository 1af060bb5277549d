import { formatMoney } from '@ipick/core';
import { Bell, BellRing } from 'lucide-react';
import { cloneElement, lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePriceAlerts } from '../api/price-alerts';
import { offerTotalMinor } from '../utils/alert-price';

// The dialog library and the form load when a shopper asks for the dialog (or points at its
// button), not with the results page: most visits never open one.
const loadDialog = () => import('./alert-dialog');
const AlertDialog = lazy(loadDialog);

/** The offer an alert would watch, as the results describe it. */
export interface AlertOffer {
  offerId: string;
  title: string;
  retailerName: string;
  priceMinor: number | null;
  shippingMinor?: number | null;
  currency: string | null;
}

interface AlertButtonProps {
  offer: AlertOffer;
  /** The results page it is on, so the Alerts page can open the comparison again. */
  path?: string;
  isSignedIn: boolean;
  isCheckingSignIn?: boolean;
  /** Where a signed-out shopper signs in, and comes back from. */
  signInHref: string;
}

/**
 * "Tell me when this is below $X" on one offer: a button that opens a small form (until the
 * first press the button stands alone; then the dialog's chunk loads and mounts open). ipick emails
 * once when the offer's total (price plus shipping) drops to the mark or under it.
 */
export function AlertButton({
  offer,
  path,
  isSignedIn,
  isCheckingSignIn,
  signInHref,
}: AlertButtonProps) {
  const [isRequested, setIsRequested] = useState(false);
  const alerts = usePriceAlerts(isSignedIn);
  const existing = alerts.data?.items.find((alert) => alert.offerId === offer.offerId);
  const total = offerTotalMinor(offer.priceMinor, offer.shippingMinor);
  // An offer without a price cannot be watched for a drop.
  if (total === null || offer.currency === null) return null;
  const currency = offer.currency;
  const label = existing
    ? `Price alert at ${formatMoney(existing.targetMinor, existing.currency)}`
    : 'Price alert';

  const trigger = (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-2 w-fit text-muted-foreground"
      disabled={isCheckingSignIn}
      aria-label={`${label}: ${offer.title} at ${offer.retailerName}`}
    >
      {existing && !existing.isPaused ? (
        <BellRing aria-hidden="true" />
      ) : (
        <Bell aria-hidden="true" />
      )}
      {label}
    </Button>
  );
  if (!isRequested) {
    return cloneElement(trigger, {
      onClick: () => setIsRequested(true),
      onPointerEnter: () => void loadDialog(),
      onFocus: () => void loadDialog(),
    });
  }
  return (
    <Suspense fallback={trigger}>
      <AlertDialog
        trigger={trigger}
        offer={offer}
        currency={currency}
        totalMinor={total}
        existing={existing}
        path={path}
        isSignedIn={isSignedIn}
        signInHref={signInHref}
      />
    </Suspense>
  );
}
