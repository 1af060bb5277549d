import type { PriceAlert } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { Link } from 'react-router';
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
import { toast } from '@/lib/toast';
import { useCreatePriceAlert, useRemovePriceAlert } from '../api/price-alerts';
import { markInputText, readMark, suggestedMarkMinor } from '../utils/alert-price';
import type { AlertOffer } from './alert-button';

interface AlertDialogProps {
  trigger: ReactElement;
  offer: AlertOffer;
  currency: string;
  totalMinor: number;
  existing: PriceAlert | undefined;
  path?: string;
  isSignedIn: boolean;
  signInHref: string;
}

/**
 * The price-alert dialog with its form: its own chunk (with the dialog library), loaded by
 * AlertButton when a shopper first asks for it, and mounted open.
 */
export default function AlertDialog({
  trigger,
  offer,
  currency,
  totalMinor,
  existing,
  path,
  isSignedIn,
  signInHref,
}: AlertDialogProps) {
  const [isOpen, setIsOpen] = useState(true);

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Tell me when the price drops</DialogTitle>
          <DialogDescription>
            {offer.title} at {offer.retailerName} is {formatMoney(totalMinor, currency)}
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
            totalMinor={totalMinor}
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
