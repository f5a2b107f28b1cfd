import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { isRasterised, rasterPath, rasterWidths } from '../src/content/raster.ts';

/** Every SVG under public/images, as its site path (/images/...). */
async function svgFiles(publicDir: string, dir = 'images'): Promise<string[]> {
  const entries = await readdir(path.join(publicDir, dir), { withFileTypes: true });
  const found = await Promise.all(
    entries.map((entry) => {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return svgFiles(publicDir, relative);
      return entry.name.endsWith('.svg') ? [`/${relative}`] : [];
    }),
  );
  return found.flat();
}

const modified = (file: string) =>
  stat(file).then(
    (s) => s.mtimeMs,
    () => 0,
  );

/**
 * Renders the SVG artwork to WebP next to it in public/ (git ignores the WebP files) before Vite copies public/,
 * for the build and the dev server alike. A WebP newer than its SVG is kept.
 */
export function rasterImages(): Plugin {
  let publicDir = '';
  return {
    name: 'ngso-raster-images',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async buildStart() {
      const sources = (await svgFiles(publicDir)).filter(isRasterised);
      let made = 0;
      for (const src of sources) {
        const svg = path.join(publicDir, src);
        const svgTime = await modified(svg);
        const { width = 0 } = await sharp(svg).metadata();
        for (const w of rasterWidths(width)) {
          const out = path.join(publicDir, rasterPath(src, w));
          if ((await modified(out)) > svgTime) continue;
          await sharp(svg, { density: (72 * w) / width })
            .resize({ width: w })
            .webp({ quality: 78 })
            .toFile(out);
          made += 1;
        }
      }
      if (made > 0) this.info(`rendered ${made} WebP files from the SVG artwork`);
    },
  };
}
