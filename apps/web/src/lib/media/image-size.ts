/** A width and height in pixels. */
export type Size = { width: number; height: number };

/**
 * The size an image is scaled to so that its longest side is at most `maxSide`, keeping its
 * proportions. Never upscales: an image already within the limit keeps its size.
 */
export function fitWithin({ width, height }: Size, maxSide: number): Size {
  const longest = Math.max(width, height);
  if (longest <= maxSide || longest <= 0) return { width, height };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
