import 'i18next';
import type { defaultNamespace, en } from './resources.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNamespace;
    resources: typeof en;
    keySeparator: false;
  }
}
