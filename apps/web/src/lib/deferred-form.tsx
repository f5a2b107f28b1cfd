import {
  type FocusEvent,
  type FormEvent,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { FieldValues } from 'react-hook-form';
import { loadNamespaces } from '../i18n/i18n.ts';
import type { Namespace } from '../i18n/namespaces.ts';
import {
  type DeferredFormApi,
  type DeferredFormOptions,
  type FormControllerProps,
  typedValues,
} from './form-handover.ts';

const loadController = () => import('./form-controller.tsx');
// lazy() drops the component's type parameters; they are the same as its module's.
const FormController = lazy(loadController) as unknown as <Values extends FieldValues, Output>(
  props: FormControllerProps<Values, Output>,
) => ReactNode;

const noop = () => undefined;
const noopAsync = async () => undefined;

/**
 * The form's API before react-hook-form has arrived: its fields are plain inputs that keep what is typed
 * (their values are handed over when it arrives), it shows no error, and sending it waits for the real one.
 */
function standInApi<Values extends FieldValues, Output>(
  defaultValues: Values,
  onSubmit: () => void,
): DeferredFormApi<Values, Output> {
  return {
    register: ((name: string) => ({ name, onChange: noopAsync, onBlur: noopAsync, ref: noop })) as never,
    handleSubmit: (() => (event?: FormEvent) => {
      event?.preventDefault();
      onSubmit();
      return Promise.resolve();
    }) as never,
    watch: ((name?: string) => (name === undefined ? defaultValues : defaultValues[name])) as never,
    setError: noop,
    formState: { errors: {} },
  };
}

/**
 * A react-hook-form form whose library (11 KiB with Brotli) and named texts load when the visitor first
 * focuses, touches or types in the form, or sends it, not with the page
 * (docs/decisions/072-guest-page-without-the-store.md). Until then the form is the page's own HTML: its
 * fields keep what is typed (react-hook-form starts from their values and takes the same inputs over, so
 * the focus and the caret stay), and a form sent before is sent once the library is there.
 *
 * Use `form` as `useForm`'s result, spread `formProps` on the <form> (with `onSubmit={form.handleSubmit(…)}`)
 * and render `controller` inside it.
 */
export function useDeferredForm<Values extends FieldValues, Output = Values>(
  options: DeferredFormOptions<Values, Output>,
  namespaces: readonly Namespace[] = [],
): {
  form: DeferredFormApi<Values, Output>;
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    onFocus: (event: FocusEvent) => void;
    onBlur: (event: FocusEvent) => void;
    onChange: () => void;
    onPointerDown: () => void;
    onKeyDown: () => void;
  };
  controller: ReactNode;
} {
  const formRef = useRef<HTMLFormElement>(null);
  const [wanted, setWanted] = useState(false);
  const [textsLoaded, setTextsLoaded] = useState(namespaces.length === 0);
  const [real, setReal] = useState<DeferredFormApi<Values, Output>>();
  const [submitWaiting, setSubmitWaiting] = useState(false);
  // Fields left before react-hook-form arrived: it is told once it is there, as if it had seen it.
  const left = useRef(new Set<string>());
  // The first render's: a form's options and texts do not change.
  const optionsRef = useRef(options);
  const namespacesRef = useRef(namespaces);
  const want = useCallback(() => setWanted(true), []);
  const onBlur = useCallback(
    (event: FocusEvent) => {
      const { name } = event.target as HTMLInputElement;
      if (!real && name) left.current.add(name);
    },
    [real],
  );
  const [typed, setTyped] = useState<Values>();
  const submitEarly = useCallback(() => {
    setWanted(true);
    setSubmitWaiting(true);
  }, []);
  // What is typed shows at once (a strength meter, a mismatch), once the texts that say it are there.
  const standIn = useMemo(
    () =>
      standInApi<Values, Output>(
        textsLoaded && typed ? typed : optionsRef.current.defaultValues,
        submitEarly,
      ),
    [typed, textsLoaded, submitEarly],
  );
  const onChange = useCallback(() => {
    if (!real) setTyped(typedValues(formRef.current, optionsRef.current.defaultValues));
  }, [real]);

  useEffect(() => {
    if (!wanted || textsLoaded) return;
    let current = true;
    // A failed download is tried again at the next focus, touch or key.
    loadNamespaces(namespacesRef.current).then(
      () => current && setTextsLoaded(true),
      () => current && setWanted(false),
    );
    return () => {
      current = false;
    };
  }, [wanted, textsLoaded]);

  useEffect(() => {
    if (!real) return;
    for (const name of left.current) {
      const field = formRef.current?.elements.namedItem(name);
      if (field instanceof Element) void real.register(name as never).onBlur({ target: field, type: 'blur' });
    }
    left.current.clear();
  }, [real]);

  // Sent before react-hook-form arrived: sent again through it.
  useEffect(() => {
    if (!real || !submitWaiting) return;
    setSubmitWaiting(false);
    formRef.current?.requestSubmit();
  }, [real, submitWaiting]);

  const controller =
    wanted && textsLoaded ? (
      <Suspense fallback={null}>
        <FormController<Values, Output> options={optionsRef.current} form={formRef} onForm={setReal} />
      </Suspense>
    ) : null;

  return {
    form: real ?? standIn,
    formProps: { ref: formRef, onFocus: want, onBlur, onChange, onPointerDown: want, onKeyDown: want },
    controller,
  };
}
