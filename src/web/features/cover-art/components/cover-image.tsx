import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { coverSrc } from '../cover-url';
import { VinylPlaceholder } from './vinyl-placeholder';

export interface CoverImageProps {
  coverUrl: string | null | undefined;
  alt: string;
  size?: 'thumb' | 'full';
  className?: string;
  /** Eager for the first visible cards (LCP); lazy otherwise. */
  priority?: boolean;
}

/** A square cover; a missing or failing image shows the placeholder (docs/product/cover-art.md#picker). */
export function CoverImage({ coverUrl, alt, size = 'thumb', className, priority = false }: CoverImageProps) {
  const src = coverSrc(coverUrl, size);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // A server-drawn image may have failed before the app started listening for its error event.
  useLayoutEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0 && element.getAttribute('src')) setFailedSrc(element.getAttribute('src'));
  }, []);
  if (!src || failedSrc === src) return <VinylPlaceholder className={className} label={alt ? `${alt} (no cover)` : undefined} />;
  return (
    <img
      ref={image}
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('aspect-square w-full bg-muted object-cover', className)}
      onError={() => setFailedSrc(src)}
    />
  );
}
