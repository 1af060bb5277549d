import { useState, type ComponentProps } from 'react';
import { ProductIllustration } from '@/components/product-illustration';
import { cn } from '@/lib/cn';

interface ImageFrameProps extends Omit<ComponentProps<'span'>, 'children'> {
  src: string | null | undefined;
  /** Empty when the text beside the image already says what it shows. */
  alt: string;
  /**
   * The product's catalog category (`kitchen`, `gaming`…): without a picture, or when it fails,
   * its drawing shows; without a category (or one with no drawing), a neutral parcel.
   */
  category?: string | null;
}

/**
 * A picture in a box of fixed shape (square unless the caller sets another `aspect-*`), so the
 * layout does not move while it loads. Without a picture, or when it fails, the product's
 * category drawing shows (decorative: `alt`, when there is one, is still read out).
 */
export function ImageFrame({ src, alt, category, className, ...props }: ImageFrameProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  // A span, so the frame may sit inside a button or a link.
  return (
    <span
      className={cn(
        'relative flex aspect-square items-center justify-center overflow-hidden rounded-md bg-muted text-muted-foreground',
        className,
      )}
      {...props}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src ?? null)}
          className="absolute inset-0 size-full object-contain p-2"
        />
      ) : (
        <>
          <ProductIllustration category={category} />
          {alt ? <span className="sr-only">{alt}</span> : null}
        </>
      )}
    </span>
  );
}
