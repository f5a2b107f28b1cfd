import sharp from 'sharp';

/** A small photo-like JPEG, optionally with GPS tags and an EXIF orientation. */
export async function jpegPhoto(
  options: { width?: number; height?: number; gps?: boolean; orientation?: number } = {},
) {
  const { width = 400, height = 300 } = options;
  let image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg({
    quality: 90,
  });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Cheap Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '23/1 48/1 36/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '90/1 24/1 0/1',
      },
    });
  }
  const buffer = await image.toBuffer();
  return options.orientation
    ? sharp(buffer).withMetadata({ orientation: options.orientation }).jpeg().toBuffer()
    : buffer;
}

/** A PNG of many pixels that compresses to a few kilobytes: a "pixel flood". */
export const pixelFlood = () =>
  sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
