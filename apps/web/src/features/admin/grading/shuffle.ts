/** FNV-1a: a small, fast 32-bit hash of a string. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A random-looking order that is the same every time for the same seed: each item is placed by the hash
 * of the seed and its key. A reload keeps the order, and an item added later does not move the others.
 */
export function stableShuffle<T>(items: readonly T[], seed: string, keyOf: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, key: keyOf(item), rank: hash32(`${seed}/${keyOf(item)}`) }))
    .sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => entry.item);
}
