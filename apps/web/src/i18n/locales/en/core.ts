/** The English texts of the chrome around every page, in one chunk (namespaces.ts, CORE_NAMESPACES). */
export { common } from './common.ts';
export { footer } from './footer.ts';
export { nav } from './nav.ts';
