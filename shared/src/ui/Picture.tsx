// The picture of a product or a store, as every screen shows one: sized, so its box is kept before it
// loads (no layout shift), and decorative, since the name printed beside it says what it shows.
import { assetUrl } from '../config/assetUrl.ts';

export interface PictureProps {
  /** The asset's path or URL (assetUrl resolves it). */
  src: string;
  /** Intrinsic width and height; CSS may scale it, the attributes reserve its box. */
  size: number;
  className?: string;
  /** lazy: below the fold; eager: load at once; first: above the fold, fetched before other images. */
  load?: 'lazy' | 'eager' | 'first';
}

export function Picture({ src, size, className, load = 'lazy' }: PictureProps) {
  return (
    <img
      className={className}
      src={assetUrl(src)}
      alt=""
      width={size}
      height={size}
      loading={load === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={load === 'first' ? 'high' : undefined}
      decoding="async"
    />
  );
}
