import type { CompareResponse } from '@ipick/contracts';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { ImageFrame } from '@/components/ui/image-frame';
import { priceText } from '../utils/offer-text';
import type { RenderFavorite } from './favorite-slot';
import { OutboundLink } from './offer-link';

interface ProductCardProps {
  requestId: string;
  product: CompareResponse['product'];
  renderFavorite?: RenderFavorite;
}

/** The pasted product: picture (in a fixed box), title, brand, price, retailer and its link. */
export function ProductCard({ requestId, product, renderFavorite }: ProductCardProps) {
  const titleId = useId();
  return (
    <Card className="flex gap-4 p-4 sm:gap-6 sm:p-6">
      <ImageFrame src={product.image} alt="" className="w-24 shrink-0 self-start sm:w-32" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm text-muted-foreground">Your product at {product.retailerName}</p>
        <h2 id={titleId} className="text-lg leading-snug font-semibold text-pretty sm:text-xl">
          {product.title}
        </h2>
        {product.brand ? (
          <p className="text-sm text-muted-foreground">Brand: {product.brand}</p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          <span className="text-xl font-semibold tabular-nums">
            {priceText(product.priceMinor, product.currency)}
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
