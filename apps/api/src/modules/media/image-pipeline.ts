import { createHash } from 'node:crypto';
import { IMAGE_MAX_SIDE_PX, UPLOAD_MAX_MEGAPIXELS } from '@ngso/shared/constants';
import pLimit from 'p-limit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../../lib/app-error.ts';

// One libvips thread per image and two images at a time: image work can use both cores but never
// starves the event loop that answers the JSON calls (the exam's start minute depends on that).
sharp.concurrency(1);
const imageWork = pLimit(2);

const MAX_PIXELS = UPLOAD_MAX_MEGAPIXELS * 1_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export type ProcessedImage = {
  data: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
  sha256: string;
};

const notAnImage = (fileName: string) => new AppError(415, 'media.notImage', { params: { file: fileName } });

/** What the header of an accepted image says, read without decoding its pixels. */
export type ImageHeader = {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heif';
  width: number;
  height: number;
};

/**
 * The cheap checks, from the header only (a few milliseconds, whatever the image's size): refuses what is
 * not a JPEG, PNG, WebP or HEIF image by its bytes (415), or has too many pixels (413). Bytes that pass may
 * still fail to decode later (a truncated file): processing then marks them failed.
 */
export async function inspectImage(input: Buffer, fileName: string): Promise<ImageHeader> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage(fileName);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw notAnImage(fileName);
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > MAX_PIXELS) {
    throw new AppError(413, 'media.tooManyPixels', { params: { megapixels: UPLOAD_MAX_MEGAPIXELS } });
  }
  return { contentType: `image/${metadata.format}` as ImageHeader['contentType'], width, height };
}

/** Lets more images be processed at once (a worker process on a machine of its own has cores to spare). */
export function allowImagesAtOnce(count: number) {
  imageWork.concurrency = Math.max(1, count);
}

/**
 * Decodes an upload whatever its name or declared type says, refuses what is not a JPEG, PNG, WebP or
 * HEIF image (or too many pixels), and re-encodes it: upright from its EXIF orientation, longest side at
 * most 2000 px, every metadata block (EXIF, GPS, XMP, ICC) dropped. JPEG was measured faster than WebP
 * here by a factor of four at a similar size (docs/decisions/006-media-pipeline.md).
 */
export function processImage(input: Buffer, fileName: string): Promise<ProcessedImage> {
  return imageWork(async () => {
    await inspectImage(input, fileName);
    try {
      const upright = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' })
        .rotate()
        .flatten({ background: '#ffffff' });
      return await asJpeg(upright, IMAGE_MAX_SIDE_PX);
    } catch {
      throw notAnImage(fileName);
    }
  });
}

/**
 * A smaller copy of a processed image (a question's diagram for a phone's column): longest side at most
 * `maxSide`, the same JPEG settings. The input is already upright and without metadata.
 */
export function scaledDown(image: ProcessedImage, maxSide: number): Promise<ProcessedImage> {
  if (Math.max(image.width, image.height) <= maxSide) return Promise.resolve(image);
  return imageWork(() => asJpeg(sharp(image.data), maxSide));
}

/** The image, longest side at most `maxSide`, as the pipeline's JPEG (quality 82), with its hash. */
async function asJpeg(image: Sharp, maxSide: number): Promise<ProcessedImage> {
  const { data, info } = await image
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return {
    data,
    contentType: 'image/jpeg',
    width: info.width,
    height: info.height,
    sha256: createHash('sha256').update(data).digest('hex'),
  };
}
