import {
  type ChangeEvent,
  type FocusEvent,
  type FormEvent,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { output, ZodType } from 'zod';
import { loadNamespaces } from '../i18n/i18n.ts';
import { fieldMessages } from '../i18n/message.ts';
import { failureFieldErrors, failureMessage } from './api-failure.ts';

/**
 * A form's checks loaded once, when first needed: zod with the form's schema, and the texts of its messages
 * (the `messages` namespace). A failed download is tried again at the next use. Make it once, at a module's
 * level (docs/decisions/075-sign-in-forms-without-a-form-library.md).
 */
export function deferredChecks<Schema extends ZodType>(loadSchema: () => Promise<Schema>) {
  let loaded: Promise<Schema> | undefined;
  return (): Promise<Schema> => {
    if (loaded) return loaded;
    const attempt = Promise.all([loadSchema(), loadNamespaces(['messages'])]).then(([schema]) => schema);
    loaded = attempt;
    attempt.catch(() => {
      if (loaded === attempt) loaded = undefined;
    });
    return attempt;
  };
}

type Options<Schema extends ZodType, Field extends string> = {
  /** The form's checks (`deferredChecks`). */
  checks: () => Promise<Schema>;
  /** The inputs' names, in the order of the page (the first with an error gets the focus). */
  fields: readonly Field[];
  /** The form's message when its checks could not be downloaded. */
  unavailable: string;
  /** Called with the checked values; it shows a failure with `showFailure`. */
  onValid: (values: output<Schema>) => Promise<void>;
};

const valuesOf = <Field extends string>(form: HTMLFormElement | null, fields: readonly Field[]) => {
  const data = form ? new FormData(form) : undefined;
  return Object.fromEntries(fields.map((field) => [field, String(data?.get(field) ?? '')])) as Record<
    Field,
    string
  >;
};

const focusField = (form: HTMLFormElement | null, name: string | undefined) => {
  const input = name ? form?.elements.namedItem(name) : null;
  if (input instanceof HTMLElement) input.focus();
};

/**
 * A form of plain inputs (each named, none controlled) for the sign-in pages, with no form library: what the
 * form needs with the page is this hook alone. The values are read from the inputs themselves when the form
 * is sent, so nothing typed before the app started, or while the checks were loading, is lost; a form sent
 * while its checks are on their way waits for them, shows the button's pending state meanwhile, and is sent
 * once (a second press does nothing until the first is over). Like react-hook-form's `onTouched`: a field
 * is checked when it is left, then at every change; after a send, every field.
 */
export function useNativeForm<Schema extends ZodType, Field extends string>({
  checks,
  fields,
  unavailable,
  onValid,
}: Options<Schema, Field>) {
  const ref = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => valuesOf(null, fields));
  type Errors = Partial<Record<Field, string>>;
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  // Re-renders the form once its messages' texts are there (the live "passwords do not match").
  const [, setChecksLoaded] = useState(false);
  const touched = useRef(new Set<string>());
  const sending = useRef(false);
  // Checks finish out of order (the first waits for the download): only the latest is shown.
  const latestCheck = useRef(0);

  // What was typed before the app started (the page is pre-rendered).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, at the start
  useEffect(() => setValues(valuesOf(ref.current, fields)), []);

  const loadChecks = () =>
    checks().then((schema) => {
      setChecksLoaded(true);
      return schema;
    });

  type Checked = { valid: true; data: output<Schema> } | { valid: false; messages: Errors };
  const check = async (current: Record<Field, string>): Promise<Checked> => {
    const result = await (await loadChecks()).safeParseAsync(current);
    return result.success
      ? { valid: true, data: result.data as output<Schema> }
      : { valid: false, messages: fieldMessages(result.error.issues) as Errors };
  };

  const recheck = async () => {
    const run = ++latestCheck.current;
    try {
      const result = await check(valuesOf(ref.current, fields));
      if (run !== latestCheck.current) return;
      const messages: Errors = result.valid ? {} : result.messages;
      const shown: Errors = {};
      for (const field of fields) if (touched.current.has(field)) shown[field] = messages[field];
      setErrors(shown);
    } catch {
      // The download failed: the next change, or the send, tries again.
    }
  };

  const isField = (name: string): name is Field => (fields as readonly string[]).includes(name);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setSubmitting(true);
    setFormError(undefined);
    latestCheck.current++;
    for (const field of fields) touched.current.add(field);
    try {
      const result = await check(valuesOf(ref.current, fields)).catch(() => undefined);
      if (!result) {
        setFormError(unavailable);
        return;
      }
      if (!result.valid) {
        setErrors(result.messages);
        focusField(
          ref.current,
          fields.find((field) => result.messages[field]),
        );
        return;
      }
      setErrors({});
      await onValid(result.data);
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  /** Shows a failed call: the server's field errors beside their fields (the first focused), its sentence above. */
  const showFailure = (failure: unknown, fallback: string) => {
    const fieldErrors = failureFieldErrors(failure);
    const shown: Errors = {};
    for (const field of fields) shown[field] = fieldErrors[field];
    setErrors(shown);
    focusField(
      ref.current,
      fields.find((field) => fieldErrors[field]),
    );
    setFormError(failureMessage(failure) ?? fallback);
  };

  const form = {
    ref: ref as RefObject<HTMLFormElement>,
    method: 'post',
    noValidate: true,
    onSubmit,
    // The checks start downloading at the first focus, so that a send rarely waits for them.
    onFocus: () => void loadChecks().catch(() => undefined),
    onBlur: (event: FocusEvent<HTMLFormElement>) => {
      const { name } = event.target as Partial<HTMLInputElement>;
      if (!name || !isField(name)) return;
      touched.current.add(name);
      void recheck();
    },
    onChange: (event: ChangeEvent<HTMLFormElement>) => {
      const { name, value } = event.target as Partial<HTMLInputElement>;
      if (!name || !isField(name)) return;
      setValues((previous) => ({ ...previous, [name]: value ?? '' }));
      if (touched.current.has(name)) void recheck();
    },
  } as const;

  return { form, values, errors, formError, submitting, showFailure };
}
