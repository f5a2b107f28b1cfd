/**
 * The shell of a page the app renders from scratch (nothing to paint before the app runs), with
 * <link rel="modulepreload"> for the chunks it will load (docs/decisions/073-exam-page-chunks-in-its-html.md):
 * the browser fetches them with the HTML instead of finding them one import after another once the
 * app's code has arrived. Files the HTML loads already (the shell's own script) are left out; each
 * file once, in the order given (the app's first).
 */
export function withModulePreloads(html: string, urls: readonly string[]): string {
  if (!html.includes('</head>')) throw new Error('the shell has no </head>');
  const links = [...new Set(urls)]
    .filter((url) => !html.includes(`"${url}"`))
    .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`);
  if (links.length === 0) return html;
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}
