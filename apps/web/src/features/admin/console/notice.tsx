import { Alert } from '../../../components/ui/alert.tsx';

/** What the console's last action did ("Saved …"), above the list it changed; nothing while there is none. */
export function SuccessNotice({ text, className }: { text: string | null; className: string }) {
  return text ? (
    <Alert tone="success" className={className}>
      {text}
    </Alert>
  ) : null;
}
