/**
 * Finds, among many photos' 64-bit fingerprints, the pairs within a Hamming distance, without comparing
 * every pair: multi-index hashing (Norouzi, Punjani and Fleet, 2012). A fingerprint is cut into four
 * 16-bit chunks, each with a table from the chunk's value to the photos that have it. Two fingerprints
 * within `maxDistance` bits differ in at most ⌊maxDistance / 4⌋ bits in at least one chunk (four chunks
 * cannot each differ in more), so a photo's candidates are the photos found under its chunks' values with
 * up to that many bits changed; each candidate is then measured in full. With random-looking fingerprints
 * a table's bucket holds about n / 65,536 photos, so a look-up costs a few thousand steps however many
 * photos there are. Photos whose bytes are the same file (the same SHA-256) pair whatever their distance.
 */

export type IndexedPhoto = {
  /** The photo's identity among all (owner and hash). */
  key: string;
  /** Whose photo it is: photos of one owner never pair. */
  owner: string;
  sha256: string;
  /** 16 hex digits. */
  fingerprint: string;
};

export type FoundPair = { first: IndexedPhoto; second: IndexedPhoto; distance: number; sameFile: boolean };

const CHUNKS = 4;
const CHUNK_VALUES = 1 << 16;

/** Every 16-bit value with at most `bits` bits set: the changes to try on a chunk. */
function masksUpTo(bits: number): Int32Array {
  const masks: number[] = [];
  for (let mask = 0; mask < CHUNK_VALUES; mask++) if (bitCount(mask) <= bits) masks.push(mask);
  return Int32Array.from(masks);
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class LookAlikeIndex {
  readonly maxDistance: number;
  private readonly masks: Int32Array;
  private readonly photos: IndexedPhoto[] = [];
  private readonly high: number[] = [];
  private readonly low: number[] = [];
  private readonly tables: (number[] | undefined)[][] = Array.from({ length: CHUNKS }, () =>
    new Array<number[] | undefined>(CHUNK_VALUES).fill(undefined),
  );
  private readonly byHash = new Map<string, number[]>();
  private readonly keys = new Set<string>();
  /** The last query that met each photo (so a photo found under two chunks is measured once). */
  private seen = new Int32Array(1024);
  private query = 0;

  constructor(maxDistance: number) {
    if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > 63) {
      throw new RangeError('maxDistance must be a whole number from 0 to 63');
    }
    this.maxDistance = maxDistance;
    this.masks = masksUpTo(Math.floor(maxDistance / CHUNKS));
  }

  get size() {
    return this.photos.length;
  }

  has(key: string) {
    return this.keys.has(key);
  }

  /**
   * Adds a photo (a key already added is ignored) and returns its pairs with the photos added before it:
   * other owners' photos within `maxDistance`, and other owners' photos of the same file.
   */
  add(photo: IndexedPhoto): FoundPair[] {
    if (this.keys.has(photo.key)) return [];
    const high = Number.parseInt(photo.fingerprint.slice(0, 8), 16) | 0;
    const low = Number.parseInt(photo.fingerprint.slice(8, 16), 16) | 0;
    const chunks = [high >>> 16, high & 0xffff, low >>> 16, low & 0xffff];
    const pairs: FoundPair[] = [];
    const paired = new Set<number>();

    for (const other of this.byHash.get(photo.sha256) ?? []) {
      const found = this.photos[other];
      if (!found || found.owner === photo.owner) continue;
      paired.add(other);
      pairs.push({ first: found, second: photo, distance: this.distance(other, high, low), sameFile: true });
    }

    this.query += 1;
    if (this.seen.length < this.photos.length) {
      const grown = new Int32Array(this.photos.length * 2);
      grown.set(this.seen);
      this.seen = grown;
    }
    for (let c = 0; c < CHUNKS; c++) {
      const table = this.tables[c] as (number[] | undefined)[];
      const value = chunks[c] as number;
      for (const mask of this.masks) {
        const bucket = table[value ^ mask];
        if (!bucket) continue;
        for (const other of bucket) {
          if (this.seen[other] === this.query) continue;
          this.seen[other] = this.query;
          if (paired.has(other)) continue;
          const found = this.photos[other] as IndexedPhoto;
          if (found.owner === photo.owner) continue;
          const distance = this.distance(other, high, low);
          if (distance <= this.maxDistance)
            pairs.push({ first: found, second: photo, distance, sameFile: false });
        }
      }
    }

    const id = this.photos.length;
    this.photos.push(photo);
    this.high.push(high);
    this.low.push(low);
    this.keys.add(photo.key);
    for (let c = 0; c < CHUNKS; c++) {
      const table = this.tables[c] as (number[] | undefined)[];
      const value = chunks[c] as number;
      const bucket = table[value];
      if (bucket) bucket.push(id);
      else table[value] = [id];
    }
    const sameHash = this.byHash.get(photo.sha256);
    if (sameHash) sameHash.push(id);
    else this.byHash.set(photo.sha256, [id]);
    return pairs;
  }

  private distance(other: number, high: number, low: number) {
    return (
      bitCount(((this.high[other] as number) ^ high) >>> 0) +
      bitCount(((this.low[other] as number) ^ low) >>> 0)
    );
  }
}
