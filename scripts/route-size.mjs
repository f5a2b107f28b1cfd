// The JavaScript and CSS a page of the built app loads before it draws: the entry chunk, the route's chunk and
// every chunk they import statically, with their gzip sizes; and whether any of it holds a math library.
// Usage: npm run build && node scripts/route-size.mjs final-exam practice-exam
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dir = new URL('../apps/web/dist/assets/', import.meta.url);
const files = readdirSync(dir);
const read = (name) => readFileSync(new URL(name, dir));
const entry = files.find((f) => /^index-[\w-]+\.js$/.test(f));
const kb = (bytes) => (bytes / 1000).toFixed(1);

for (const route of process.argv.slice(2)) {
  const seen = new Set();
  const walk = (name) => {
    if (!name || seen.has(name)) return;
    seen.add(name);
    for (const m of read(name)
      .toString('utf8')
      .matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g))
      walk(m[1]);
  };
  walk(entry);
  walk(files.find((f) => f.startsWith(`${route}-`) && f.endsWith('.js')));
  const size = (names) =>
    names.reduce(
      (sum, name) => {
        const bytes = read(name);
        return { raw: sum.raw + bytes.length, gzip: sum.gzip + gzipSync(bytes, { level: 9 }).length };
      },
      { raw: 0, gzip: 0 },
    );
  const js = size([...seen]);
  const css = size(files.filter((f) => f.endsWith('.css')));
  const math = [...seen].filter((name) =>
    /temml|katex|mathjax|markdown-it|sanitize-html/i.test(read(name).toString('utf8')),
  );
  console.log(
    `${route}: JS ${seen.size} files, ${kb(js.raw)} KB (${kb(js.gzip)} KB gzip); CSS ${kb(css.raw)} KB (${kb(css.gzip)} KB gzip); chunks naming a math or Markdown library: ${math.length ? math.join(', ') : 'none'}`,
  );
}
