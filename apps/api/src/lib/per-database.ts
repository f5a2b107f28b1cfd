/**
 * Something kept for each database and made on its first use: a cache, a batched loader, a prepared
 * statement. Not one for the whole process: tests run many apps, each on its own database, in one process.
 */
export function perDatabase<Db extends object, T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let found = made.get(db);
    if (found === undefined) {
      found = make(db);
      made.set(db, found);
    }
    return found;
  };
}
