import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The icons of the web app manifest, as their files in the build (vite.config.ts names them in the manifest). */
export const APP_ICONS = {
  any192: 'icons/icon-192.png',
  any512: 'icons/icon-512.png',
  maskable512: 'icons/maskable-512.png',
} as const;

/** The icon's own background (favicon.svg's square), which a maskable icon fills to its edges. */
export const ICON_BACKGROUND = '#0f172a';
/** A maskable icon's artwork stays inside the centre circle of 80 % that every launcher's mask keeps. */
const MASKABLE_SAFE_ZONE = 0.8;

const render = (svg: Buffer, size: number) =>
  sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toBuffer();

/** Renders the PNG icons of the manifest from public/favicon.svg with sharp, into the build. */
export function appIcons(): Plugin {
  let publicDir = '';
  return {
    name: 'ngso-app-icons',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle() {
      if (this.environment.config.build.ssr) return;
      const svg = await readFile(path.join(publicDir, 'favicon.svg'));
      const inner = Math.round(512 * MASKABLE_SAFE_ZONE);
      const pad = (512 - inner) / 2;
      const maskable = await sharp(await render(svg, inner))
        .extend({ top: pad, bottom: pad, left: pad, right: pad, background: ICON_BACKGROUND })
        .flatten({ background: ICON_BACKGROUND })
        .png()
        .toBuffer();
      const icons = [
        [APP_ICONS.any192, await render(svg, 192)],
        [APP_ICONS.any512, await render(svg, 512)],
        [APP_ICONS.maskable512, maskable],
      ] as const;
      for (const [fileName, source] of icons) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
