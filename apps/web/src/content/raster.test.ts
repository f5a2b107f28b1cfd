import { describe, expect, it } from 'vitest';
import { pictureSources } from './raster.ts';

describe('artwork pictures', () => {
  it('ships SVG artwork as WebP at its width and twice it', () => {
    expect(pictureSources({ src: '/images/activities/activity-01.svg', width: 480 })).toEqual({
      src: '/images/activities/activity-01-480.webp',
      srcSet: '/images/activities/activity-01-480.webp 480w, /images/activities/activity-01-960.webp 960w',
    });
    expect(pictureSources({ src: '/images/poster.svg', width: 600 }).src).toBe('/images/poster-600.webp');
  });

  it('keeps logos and other files as they are', () => {
    expect(pictureSources({ src: '/images/partners/partner-1.svg', width: 160 })).toEqual({
      src: '/images/partners/partner-1.svg',
    });
    expect(pictureSources({ src: '/images/photo.webp', width: 480 })).toEqual({ src: '/images/photo.webp' });
  });
});
