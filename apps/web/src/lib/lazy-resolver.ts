import type { FieldValues, Resolver } from 'react-hook-form';
import type { input, output, ZodType } from 'zod';
import { loadNamespaces } from '../i18n/i18n.ts';

/**
 * A react-hook-form resolver that loads zod, the form's schema, the resolver for zod and the texts of the
 * schema's messages (the `messages` namespace, whose keys they are: i18n/message.ts) when the form is first
 * checked (on leaving a field or sending it), not with the page (docs/decisions/069-script-budget-per-route.md). `loadSchema` imports the schema; make the resolver once,
 * at the module's level, so that it loads them once.
 */
export function lazyZodResolver<Schema extends ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): Resolver<input<Schema>, unknown, output<Schema>> {
  type Loaded = Resolver<input<Schema>, unknown, output<Schema>>;
  let loaded: Promise<Loaded> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([
      loadSchema(),
      import('@hookform/resolvers/zod'),
      loadNamespaces(['messages']),
    ]).then(([schema, { zodResolver }]) => zodResolver(schema) as Loaded);
    try {
      return await (await loaded)(values, context, options);
    } catch (error) {
      // A failed download (a dropped connection) is tried again at the next check.
      loaded = undefined;
      throw error;
    }
  };
}
