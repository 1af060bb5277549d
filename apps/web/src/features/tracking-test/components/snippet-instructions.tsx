import { Check, Copy } from 'lucide-react';
import { useState, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  addToCartCall,
  PLACEHOLDER_DOMAIN,
  PLACEHOLDER_KEY,
  purchaseCall,
  snippetTag,
} from '../utils/snippet';

interface SnippetInstructionsProps {
  /** The business's publishable key; a placeholder is shown without one. */
  publishableKey?: string | null;
  domain?: string | null;
  /** Where `/tracker.js` is served; defaults to this page's origin. */
  origin?: string;
  /** The tag's box, for a page that moves focus to it (once a key is filled in). */
  snippetRef?: Ref<HTMLPreElement>;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * What the merchant must still do to the tag: only the values not filled in are placeholders
 * (a new business has its domain but no publishable key until it creates one).
 */
function snippetFillInText(hasKey: boolean, hasDomain: boolean): string {
  if (hasKey && hasDomain) return 'It already holds your publishable key and shop domain.';
  if (hasKey) {
    return `It already holds your publishable key. It still needs your shop domain in place of ${PLACEHOLDER_DOMAIN}.`;
  }
  if (hasDomain) {
    return `It already holds your shop domain. It still needs your publishable key in place of ${PLACEHOLDER_KEY}.`;
  }
  return 'Replace the placeholders with your publishable key and shop domain.';
}

/** How to put ipick's snippet on the real shop and report a purchase with it. */
export function SnippetInstructions({
  publishableKey,
  domain,
  origin,
  snippetRef,
}: SnippetInstructionsProps) {
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const tag = snippetTag({
    origin: origin ?? window.location.origin,
    publishableKey: publishableKey ?? PLACEHOLDER_KEY,
    domain: domain ?? PLACEHOLDER_DOMAIN,
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(tag);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>1. Add the snippet to every page of your shop</CardTitle>
          <CardDescription>
            Paste it before <span className="font-mono">&lt;/head&gt;</span> on a domain you have
            verified with ipick; events from other domains are turned away.{' '}
            {snippetFillInText(Boolean(publishableKey), Boolean(domain))}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {/* Focusable: it scrolls sideways, and focus lands here once a key is filled in. */}
          <pre
            ref={snippetRef}
            tabIndex={0}
            aria-label="Snippet to paste"
            className="overflow-x-auto rounded-md bg-muted px-3 py-2 text-xs focus-visible:outline-2 focus-visible:outline-ring"
          >
            <code>{tag}</code>
          </pre>
          <div className="flex items-center gap-3">
            <Button variant="outline" size="sm" onClick={() => void copy()}>
              {copyState === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copyState === 'copied' ? 'Copied' : 'Copy snippet'}
            </Button>
            {copyState === 'failed' ? (
              <span role="alert" className="text-sm text-destructive">
                Could not copy; select the text and copy it yourself.
              </span>
            ) : null}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>2. Report add-to-cart and purchases</CardTitle>
          <CardDescription>
            The snippet sends a page view on every page by itself; add-to-cart and purchases it
            reports when your pages call it. When a shopper adds a product to the cart, call it with
            your product id and its price. On the order confirmation page, call it with the order
            id, the total in minor units (cents) and the ISO currency code; each order id records
            one sale.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <pre
            aria-label="Add-to-cart call"
            className="overflow-x-auto rounded-md bg-muted px-3 py-2 text-xs"
          >
            <code>{addToCartCall()}</code>
          </pre>
          <pre
            aria-label="Purchase call"
            className="overflow-x-auto rounded-md bg-muted px-3 py-2 text-xs"
          >
            <code>{purchaseCall()}</code>
          </pre>
        </CardContent>
      </Card>
    </div>
  );
}
