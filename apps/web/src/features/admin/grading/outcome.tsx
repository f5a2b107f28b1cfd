import { useCallback, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { serverFieldErrors } from '../../../lib/api-error.ts';
import { useActionError } from '../console/action-error.ts';

/**
 * What a grading form last did: its error (a check's sentence, or a failed call's) and its notice.
 * `fail(failure, fields)` shows a failed call: the server's message for the first of `fields` it names,
 * else the call's sentence in the server's words.
 */
export function useOutcome() {
  const actionError = useActionError();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fail = useCallback(
    (failure: unknown, fields: readonly string[] = []) => {
      const byField = serverFieldErrors(failure);
      setError(
        fields.map((field) => byField[field]).find((message) => message !== undefined) ??
          actionError(failure),
      );
    },
    [actionError],
  );
  return { error, setError, notice, setNotice, fail };
}

/** A row's error, under its form. */
export function RowError({ error }: { error: string | null }) {
  return error ? (
    <p className="mt-1 text-sm text-red-700" role="alert">
      {error}
    </p>
  ) : null;
}

/** A panel's error, at its foot. */
export function PanelError({ error }: { error: string | null }) {
  return error ? (
    <div className="mt-2">
      <Alert tone="error">{error}</Alert>
    </div>
  ) : null;
}

/** What a row's or panel's last action did. */
export function DoneNote({ notice }: { notice: string | null }) {
  return notice ? <p className="mt-1 text-sm text-green-800">{notice}</p> : null;
}
