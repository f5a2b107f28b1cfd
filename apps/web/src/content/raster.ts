import type { Image } from './schemas.ts';

/**
 * The site's artwork is drawn as SVG (the source, in public/images) and shipped as WebP at its layout width and
 * twice that, made at build time (scripts/raster-images-plugin.ts). Logos stay SVG: they are drawings, not photos.
 */
export const RASTERISED = ['/images/activities/', '/images/poster.svg'];

export const isRasterised = (src: string) =>
  src.endsWith('.svg') && RASTERISED.some((prefix) => src === prefix || src.startsWith(prefix));

/** The WebP made from an SVG for one width: /images/a.svg → /images/a-480.webp. */
export const rasterPath = (src: string, width: number) => src.replace(/\.svg$/, `-${width}.webp`);

/** The widths made of a picture: its own and twice it (sharp screens). */
export const rasterWidths = (width: number) => [width, width * 2];

/** `src` and `srcSet` for an <img>: the WebP files for artwork, the file itself otherwise. */
export function pictureSources(image: Pick<Image, 'src' | 'width'>) {
  if (!isRasterised(image.src)) return { src: image.src };
  const widths = rasterWidths(image.width);
  return {
    src: rasterPath(image.src, image.width),
    srcSet: widths.map((w) => `${rasterPath(image.src, w)} ${w}w`).join(', '),
  };
}
