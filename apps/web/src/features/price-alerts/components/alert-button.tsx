import type { PriceAlert } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { Bell, BellRing } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useCreatePriceAlert, usePriceAlerts, useRemovePriceAlert } from '../api/price-alerts';
import { markInputText, offerTotalMinor, readMark, suggestedMarkMinor } from '../utils/alert-price';

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
 * "Tell me when this is below $X" on one offer: a button that opens a small form. ipick emails
 * once when the offer's total (price plus shipping) drops to the mark or under it.
 */
export function AlertButton({
  offer,
  path,
  isSignedIn,
  isCheckingSignIn,
  signInHref,
}: AlertButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  const alerts = usePriceAlerts(isSignedIn);
  const existing = alerts.data?.items.find((alert) => alert.offerId === offer.offerId);
  const total = offerTotalMinor(offer.priceMinor, offer.shippingMinor);
  // An offer without a price cannot be watched for a drop.
  if (total === null || offer.currency === null) return null;
  const currency = offer.currency;
  const label = existing
    ? `Price alert at ${formatMoney(existing.targetMinor, existing.currency)}`
    : 'Price alert';

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
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
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Tell me when the price drops</DialogTitle>
          <DialogDescription>
            {offer.title} at {offer.retailerName} is {formatMoney(total, currency)}
            {offer.shippingMinor === null || offer.shippingMinor === undefined
              ? ' (shipping not stated)'
              : ' with shipping'}
            . ipick emails you once when it is at or below your price.
          </DialogDescription>
        </DialogHeader>
        {isSignedIn ? (
          <AlertForm
            key={existing?.id ?? 'new'}
            offer={offer}
            currency={currency}
            totalMinor={total}
            existing={existing}
            path={path}
            onDone={() => setIsOpen(false)}
          />
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm">Sign in to get an email when the price drops.</p>
            <Link to={signInHref} className={buttonVariants({ className: 'w-fit' })}>
              Sign in
            </Link>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function AlertForm({
  offer,
  currency,
  totalMinor,
  existing,
  path,
  onDone,
}: {
  offer: AlertOffer;
  currency: string;
  totalMinor: number;
  existing: PriceAlert | undefined;
  path?: string;
  onDone: () => void;
}) {
  const [text, setText] = useState(() =>
    markInputText(existing?.targetMinor ?? suggestedMarkMinor(totalMinor, currency), currency),
  );
  const [fieldError, setFieldError] = useState<string>();
  const create = useCreatePriceAlert();
  const remove = useRemovePriceAlert();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const mark = readMark(text, currency, totalMinor);
    if (!mark.ok) {
      setFieldError(mark.message);
      return;
    }
    setFieldError(undefined);
    create.mutate(
      { offerId: offer.offerId, targetMinor: mark.amountMinor, ...(path ? { path } : {}) },
      {
        onSuccess: (alert) => {
          toast.success(
            `We'll email you when it's ${formatMoney(alert.targetMinor, currency)} or less`,
            {
              description: `${offer.title} at ${offer.retailerName}`,
            },
          );
          onDone();
        },
      },
    );
  }

  function handleRemove() {
    if (!existing || remove.isPending) return;
    remove.mutate(existing.id, {
      onSuccess: () => {
        toast.success('Price alert removed', { description: offer.title });
        onDone();
      },
    });
  }

  const failure = create.error ?? remove.error;
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        label={`Email me when it's at or below (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={fieldError}
        hint={`Now ${formatMoney(totalMinor, currency)}. One email per drop; manage alerts on your Alerts page.`}
      />
      <FormAlert
        message={
          failure
            ? toErrorMessage(failure, 'We could not save the alert. Please try again.')
            : undefined
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          {create.isPending ? 'Saving…' : existing ? 'Update alert' : 'Create alert'}
        </Button>
        {existing ? (
          <Button type="button" variant="outline" onClick={handleRemove}>
            {remove.isPending ? 'Removing…' : 'Remove alert'}
          </Button>
        ) : null}
        <Link to="/alerts" className={buttonVariants({ variant: 'ghost' })}>
          Your alerts
        </Link>
      </div>
    </form>
  );
}
