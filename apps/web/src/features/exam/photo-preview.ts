/** A local preview of a photo's bytes (an object URL), when the browser can make one. */
export function previewUrl(bytes: ArrayBuffer, type: string): string | null {
  if (typeof URL === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(new Blob([bytes], { type }));
}

/** Lets a preview's memory go. */
export function revokePreview(url: string | null | undefined): void {
  if (url) URL.revokeObjectURL(url);
}
