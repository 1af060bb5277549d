import { ImageOff } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface ImageFrameProps extends Omit<ComponentProps<'span'>, 'children'> {
  src: string | null | undefined;
  /** Empty when the text beside the image already says what it shows. */
  alt: string;
  /** Shown without a picture (or when it fails) instead of the plain placeholder icon. */
  fallback?: ReactNode;
}

/**
 * A picture in a box of fixed shape (square unless the caller sets another `aspect-*`), so the
 * layout does not move while it loads. Without a picture, or when it fails, a placeholder shows.
 */
export function ImageFrame({ src, alt, fallback, className, ...props }: ImageFrameProps) {
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
        (fallback ?? (
          <ImageOff aria-hidden="true" className="size-1/4 max-h-10 max-w-10 opacity-60" />
        ))
      )}
    </span>
  );
}
