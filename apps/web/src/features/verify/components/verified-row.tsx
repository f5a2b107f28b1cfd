/** One fact a public check answered (an admit card's, a certificate's, a receipt's): its label and value. */
export function VerifiedRow({
  label,
  value,
  testId,
  mono = false,
}: {
  label: string;
  value: string;
  testId: string;
  /** A code or a hash: monospaced, and broken anywhere to fit. */
  mono?: boolean;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd
        className={`mt-0.5 text-slate-900 ${mono ? 'break-all font-mono text-sm' : 'break-words text-lg'}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
