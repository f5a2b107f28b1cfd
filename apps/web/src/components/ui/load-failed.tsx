import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

type LoadFailedProps = {
  /** What failed, in the reader's language. */
  message: string;
  /** The button's text ("Try again"), in the reader's language. */
  retryLabel: string;
  /** True while the read is asked again: the button shows it is busy. */
  pending?: boolean;
  /** Asks again (what it returns is not waited for). */
  onRetry: () => unknown;
  /** The gap between the message and the button. */
  compact?: boolean;
};

/** A read that failed: its message and a button that asks again. */
export function LoadFailed({ message, retryLabel, pending, onRetry, compact = false }: LoadFailedProps) {
  return (
    <div className={compact ? 'space-y-3' : 'space-y-4'}>
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" pending={pending} onClick={() => void onRetry()}>
        {retryLabel}
      </Button>
    </div>
  );
}
