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

/** Answer photos as phones send them after compression (about 150 to 300 KB): a few sizes and shapes. */
export function phonePhotos() {
  return Promise.all(
    (
      [
        [1400, 1050, 70],
        [1600, 1200, 70],
        [1400, 1050, 80],
        [1600, 1200, 80],
        [1200, 1600, 80],
        [1800, 1350, 75],
      ] as const
    ).map(([width, height, quality]) => syntheticPhoto(width, height, quality)),
  );
}

/**
 * `base` with a comment segment (COM) of its own right after the start-of-image marker: still a valid
 * JPEG, with bytes (and so a SHA-256) of its own. As parts, to be sent one after another without copying.
 */
export function photoVariant(base: Buffer, tag: string): Buffer[] {
  const text = Buffer.from(tag);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + text.length, 2);
  text.copy(segment, 4);
  return [base.subarray(0, 2), segment, base.subarray(2)];
}
