import { PGlite } from '@electric-sql/pglite';

let t = Date.now();
const a = new PGlite();
await a.query('select 1');
console.log('new mem', Date.now() - t);
t = Date.now();
const blob = await a.dumpDataDir('none');
console.log('dump', Date.now() - t, blob.size);
t = Date.now();
const b = new PGlite({ loadDataDir: blob });
await b.query('select 1');
console.log('load', Date.now() - t);
