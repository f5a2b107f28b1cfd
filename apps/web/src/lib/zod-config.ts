/**
 * Zod without its compiled parsers: zod 4 probes `new Function('')` once, when the first object schema
 * is made, and the site's CSP (`script-src 'self'`, no 'unsafe-eval') reports the probe as a violation
 * even though zod catches it; Chrome lists it in DevTools' Issues panel (Lighthouse: Best Practices, on
 * /login and /register). Imported first by main.tsx, before any schema is made.
 *
 * Set through the global object zod keeps its configuration in (`globalThis.__zod_globalConfig`, what
 * `z.config()` writes), so that the first chunk does not carry zod itself (zod-config.test.ts checks
 * that zod reads it).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// The same object zod uses, whether zod has been evaluated already or not.
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
