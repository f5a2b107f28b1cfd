import sharp from 'sharp';

/**
 * A photo-like JPEG: smooth gradients, shapes and fine sensor-like noise, slightly blurred, so that
 * its size and decode cost resemble a phone photo of a handwritten page rather than a flat colour.
 */
export async function syntheticPhoto(width: number, height: number, quality: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const line = (y % 60 < 3 ? -60 : 0) + (Math.sin(x / 7 + y / 40) > 0.97 ? -90 : 0);
      const noise = (random() - 0.5) * 18;
      pixels[i] = Math.max(0, Math.min(255, 235 - (x / width) * 30 + line + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, 230 - (y / height) * 25 + line + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, 215 + line + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .jpeg({ quality })
    .toBuffer();
}
