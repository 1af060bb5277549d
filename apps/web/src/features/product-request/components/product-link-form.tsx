import { MAX_PRODUCT_URL_LENGTH } from '@ipick/core';
import { ArrowRight, CircleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import {
  INVALID_URL_ERROR,
  isProductName,
  productSearchPath,
  REJECTED_URL_PARAM,
  startProductRequest,
  TOO_LONG_REASON,
} from '../utils/start-product-request';

const emptyInputMessage = 'Paste a product link, or type the name of a product.';
const invalidInputMessage =
  "That doesn't look like a product link. Paste the full address, starting with https://, or type the product's name to search for it.";
const limitText = MAX_PRODUCT_URL_LENGTH.toLocaleString('en-US');
// A real link can be refused only for its length; telling the shopper to add https:// then misleads.
const tooLongTitle = 'That link is too long.';
const tooLongHint = `Product links can be at most ${limitText} characters. Try the address without the part after "?", which is often only tracking.`;

/** The box's name: also the query parameter of a form sent before the page's script ran. */
const INPUT_NAME = 'product-link';

/**
 * The paste box: validates a product link, opens a request for it and goes to its results page;
 * a product's name typed instead searches the catalog (the Browse results). Also explains a
 * direct link the detector rejected (`?error=invalid-url`) and shows that link to correct it.
 * The landing page arrives prerendered, so on a slow phone a shopper can paste into the box
 * before React has taken it over: the box keeps its own value (uncontrolled) and the form reads
 * it when sent, so nothing typed before or during that moment is lost. Sent before the script
 * ran (the page is then a plain form), it arrives as `/?product-link=...` and goes on from there.
 */
export function ProductLinkForm({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const initialValue = searchParams.get(REJECTED_URL_PARAM) ?? searchParams.get(INPUT_NAME) ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  // Once the visitor tries again, the old redirect's message no longer applies.
  const showRedirectError = searchParams.get('error') === INVALID_URL_ERROR && !hasSubmitted;
  const redirectWasTooLong = searchParams.get('reason') === TOO_LONG_REASON;

  // A link sent before the script ran goes on to its results as if sent now.
  const sentBeforeScript = searchParams.get(INPUT_NAME);
  useEffect(() => {
    if (sentBeforeScript !== null) formRef.current?.requestSubmit();
  }, [sentBeforeScript]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setHasSubmitted(true);
    const box = event.currentTarget.elements.namedItem(INPUT_NAME) as HTMLInputElement | null;
    const input = (box?.value ?? '').trim();
    if (input === '') {
      setError(emptyInputMessage);
      return;
    }
    const result = startProductRequest(input);
    if (!result.ok && isProductName(input)) {
      setError(null);
      void navigate(productSearchPath(input));
      return;
    }
    if (!result.ok) {
      setError(result.tooLong ? `${tooLongTitle} ${tooLongHint}` : invalidInputMessage);
      return;
    }
    setError(null);
    void navigate(result.path);
  }

  return (
    <div className={cn('flex w-full flex-col gap-4', className)}>
      {showRedirectError ? (
        <Alert variant="destructive" role="alert" className="text-left">
          <CircleAlert aria-hidden="true" />
          {redirectWasTooLong ? (
            <>
              <AlertTitle>{tooLongTitle}</AlertTitle>
              <AlertDescription>{tooLongHint}</AlertDescription>
            </>
          ) : (
            <>
              <AlertTitle>That link isn&apos;t a valid product address.</AlertTitle>
              <AlertDescription>Paste a full link that starts with https://</AlertDescription>
            </>
          )}
        </Alert>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        action="/"
        className="flex flex-col gap-2 text-left"
      >
        <Label htmlFor={inputId}>Product link or name</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={inputId}
            name={INPUT_NAME}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://www.example.com/product/123"
            defaultValue={initialValue}
            onChange={() => {
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            className="h-12 sm:text-base"
          />
          <Button type="submit" size="lg" className="h-12">
            Compare prices
            <ArrowRight aria-hidden="true" />
          </Button>
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          Copy the address of a product page from any online shop and paste it here, or type a
          product&apos;s name to search ipick&apos;s catalog.
        </p>
        {/* Space is kept for the message so the page does not jump when it appears. */}
        <div className="min-h-5">
          {error ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </div>
  );
}
