/**
 * Work on this page that the server does not have yet (exam answers waiting to be saved). Features
 * register a check; logging out asks first when any says so. Features never import each other: this is
 * their meeting point.
 */
const checks = new Set<() => boolean>();

export function registerUnsavedWork(check: () => boolean): () => void {
  checks.add(check);
  return () => {
    checks.delete(check);
  };
}

export const hasUnsavedWork = () => [...checks].some((check) => check());
