import { ACCEPTED_IMAGE_TYPES, UPLOAD_MAX_MEGABYTES } from '@ngso/shared/constants';

/** What a file input offers: the image types the server accepts (HEIC by name too, some phones give no type). */
export const IMAGE_ACCEPT = [...ACCEPTED_IMAGE_TYPES, '.heic', '.heif'].join(',');

export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MEGABYTES * 1024 * 1024;

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|heic|heif)$/i;

/** Whether a chosen file is an image the server may accept, by its type (or its name when the type is empty). */
export function isImageFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return IMAGE_EXTENSIONS.test(file.name);
}

/** Formats the browser cannot be relied on to decode; they go to the server as they are. */
export function browserMayNotDecode(file: Pick<File, 'name' | 'type'>): boolean {
  return /^image\/hei[cf]$/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
}

/** The name of the re-encoded file: the same name, with the JPEG extension. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'image';
  return `${base}.jpg`;
}
