import type { CompareResponse } from '@ipick/contracts';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ImageFrame } from '@/components/ui/image-frame';
import { humanize, priceText, shippingText } from '../utils/offer-text';
import type { RenderFavorite } from './favorite-slot';
import { OutboundLink } from './offer-link';

interface ProductCardProps {
  requestId: string;
  product: CompareResponse['product'];
  renderFavorite?: RenderFavorite;
}

/**
 * The pasted product: picture (in a fixed box), title, brand, price with shipping, condition,
 * retailer and its link. Compact on a phone, so the first offer still shows on the first screen.
 */
export function ProductCard({ requestId, product, renderFavorite }: ProductCardProps) {
  const titleId = useId();
  const hasPrice = product.priceMinor !== null && product.currency !== null;
  const condition =
    product.condition && product.condition !== 'new' ? humanize(product.condition) : null;
  return (
    <Card className="flex gap-3 p-3 sm:gap-6 sm:p-6">
      <ImageFrame
        src={product.image}
        alt=""
        category={product.category}
        className="w-16 shrink-0 self-start sm:w-32"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm text-muted-foreground">Your product at {product.retailerName}</p>
        <h2
          id={titleId}
          className="line-clamp-3 text-base leading-snug font-semibold text-pretty sm:line-clamp-none sm:text-xl"
        >
          {product.title}
        </h2>
        {product.brand ? (
          <p className="hidden text-sm text-muted-foreground sm:block">Brand: {product.brand}</p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 sm:mt-2">
          <span className="flex items-baseline gap-2">
            <span className="text-lg font-semibold tabular-nums sm:text-xl">
              {priceText(product.priceMinor, product.currency)}
            </span>
            {hasPrice ? (
              <span className="text-xs text-muted-foreground">
                {shippingText(product.shippingMinor, product.currency)}
              </span>
            ) : null}
            {condition ? <Badge variant="warning">{condition}</Badge> : null}
          </span>
          <OutboundLink
            target={{ url: product.url, title: product.title }}
            className="inline-flex items-center gap-1 text-sm text-primary underline underline-offset-4"
          >
            View at {product.retailerName}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </OutboundLink>
          {renderFavorite?.({
            requestId,
            url: product.url,
            title: product.title,
            describedBy: titleId,
            variant: 'product',
          })}
        </div>
      </div>
    </Card>
  );
}
