import { Spinner } from '../../components/ui/spinner.tsx';

/** A full-screen cover with a spinner and a sentence, announced politely. */
export function FullScreenStatus({ text, testId }: { text: string; testId: string }) {
  return (
    <div
      role="status"
      data-testid={testId}
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-slate-950 text-white"
    >
      <Spinner className="size-10 text-sky-400" />
      <p className="text-base font-medium">{text}</p>
    </div>
  );
}
