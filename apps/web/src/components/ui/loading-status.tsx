import { Spinner } from './spinner.tsx';

/** A read on its way: a spinner and the sentence saying what is loading, announced to screen readers. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-slate-700">
      <Spinner className="size-5 text-sky-600" />
      {label}
    </p>
  );
}
