type ProgressBarProps = { value: number; label: string; valueText?: string; className?: string };

/** A labelled progress bar (0 to 100). */
export function ProgressBar({ value, label, valueText, className = '' }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={`h-3 overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      <div className="h-full rounded-full bg-sky-600" style={{ width: `${clamped}%` }} />
    </div>
  );
}
