import { describe, expect, it } from 'vitest';
import { perDatabase } from './per-database.ts';

describe('perDatabase', () => {
  it('makes one thing per database, on its first use, and keeps it', () => {
    let made = 0;
    const counterOf = perDatabase((db: { name: string }) => ({ db: db.name, serial: ++made }));
    const first = { name: 'first' };
    const second = { name: 'second' };
    expect(made).toBe(0);
    expect(counterOf(first)).toEqual({ db: 'first', serial: 1 });
    expect(counterOf(first)).toBe(counterOf(first));
    expect(counterOf(second)).toEqual({ db: 'second', serial: 2 });
    expect(made).toBe(2);
  });
});
