import { describe, expect, it } from 'vitest';
import { withModulePreloads } from '../../scripts/module-preloads.ts';

const shell = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("the exam pages' shell with their chunks announced", () => {
  it('announces each chunk once, in the order given, before </head>', () => {
    const html = withModulePreloads(shell, [
      '/assets/main-b.js',
      '/assets/final-exam-c.js',
      '/assets/main-b.js',
    ]);
    const links = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(links).toEqual(['/assets/main-b.js', '/assets/final-exam-c.js']);
    expect(html.indexOf('final-exam-c.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
  });

  it("leaves out the shell's own script, and a shell without a head is an error", () => {
    expect(withModulePreloads(shell, ['/assets/index-a.js'])).toBe(shell);
    expect(() => withModulePreloads('<body></body>', ['/assets/main-b.js'])).toThrow(/no <\/head>/);
  });
});
