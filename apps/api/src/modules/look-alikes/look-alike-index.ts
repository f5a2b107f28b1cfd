/**
 * Finds, among many photos' 64-bit fingerprints, the pairs within a Hamming distance, without comparing
 * every pair: multi-index hashing (Norouzi, Punjani and Fleet, 2012). A fingerprint is cut into five
 * chunks (13, 13, 13, 13 and 12 bits), each with a table from the chunk's value to the photos that have it.
 * Two fingerprints within `maxDistance` bits differ in at most ⌊maxDistance / 5⌋ bits in at least one chunk
 * (five chunks cannot each differ in more), so a photo's candidates are the photos found under its chunks'
 * values with up to that many bits changed; each candidate is then measured in full. With random-looking
 * fingerprints a bucket holds about n / 8,192 photos, so a look-up costs a few thousand steps where comparing
 * every pair costs n. Photos whose bytes are the same file (the same SHA-256) pair whatever their distance.
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

/** The chunks' widths in bits (64 in all), from the lowest bits up. */
const CHUNK_BITS = [13, 13, 13, 13, 12] as const;
const CHUNKS = CHUNK_BITS.length;
const CHUNK_VALUES = 1 << 13;
const CHUNK_SHIFTS = CHUNK_BITS.map((_, c) => BigInt(CHUNK_BITS.slice(0, c).reduce((sum, b) => sum + b, 0)));

/** Every value of `width` bits with at most `bits` bits set: the changes to try on a chunk. */
function masksUpTo(width: number, bits: number): Int32Array {
  const masks: number[] = [];
  for (let mask = 0; mask < 1 << width; mask++) if (bitCount(mask) <= bits) masks.push(mask);
  return Int32Array.from(masks);
}

function bitCount(value: number): number {
  let v = (value >>> 0) - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class LookAlikeIndex {
  readonly maxDistance: number;
  /** Per chunk, the changes to try. */
  private readonly masks: Int32Array[];
  private readonly photos: IndexedPhoto[] = [];
  /** Per photo (by its number): the fingerprint's two halves, its owner's number, the query that last met it. */
  private high = new Int32Array(1024);
  private low = new Int32Array(1024);
  private owner = new Int32Array(1024);
  private seen = new Int32Array(1024);
  /** The tables as linked lists: the first photo under each chunk's value, and each photo's next one. */
  private readonly heads = new Int32Array(CHUNKS * CHUNK_VALUES).fill(-1);
  private next = new Int32Array(1024 * CHUNKS);
  private readonly owners = new Map<string, number>();
  private readonly byHash = new Map<string, number[]>();
  private readonly keys = new Set<string>();
  private query = 0;

  constructor(maxDistance: number) {
    if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > 63) {
      throw new RangeError('maxDistance must be a whole number from 0 to 63');
    }
    this.maxDistance = maxDistance;
    this.masks = CHUNK_BITS.map((width) => masksUpTo(width, Math.floor(maxDistance / CHUNKS)));
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
    const whole = BigInt(`0x${photo.fingerprint}`);
    const chunks = CHUNK_BITS.map((width, c) =>
      Number((whole >> (CHUNK_SHIFTS[c] as bigint)) & BigInt((1 << width) - 1)),
    );
    let owner = this.owners.get(photo.owner);
    if (owner === undefined) {
      owner = this.owners.size;
      this.owners.set(photo.owner, owner);
    }
    const pairs: FoundPair[] = [];
    this.query += 1;
    const query = this.query;

    for (const other of this.byHash.get(photo.sha256) ?? []) {
      if (this.owner[other] === owner) continue;
      this.seen[other] = query;
      const distance = bitCount((this.high[other] ?? 0) ^ high) + bitCount((this.low[other] ?? 0) ^ low);
      pairs.push({ first: this.photos[other] as IndexedPhoto, second: photo, distance, sameFile: true });
    }

    const { heads, next, seen, maxDistance } = this;
    const highs = this.high;
    const lows = this.low;
    const owners = this.owner;
    for (let c = 0; c < CHUNKS; c++) {
      const base = c * CHUNK_VALUES;
      const value = chunks[c] as number;
      const masks = this.masks[c] as Int32Array;
      for (let m = 0; m < masks.length; m++) {
        for (let other = heads[base + (value ^ (masks[m] as number))] as number; other !== -1; ) {
          if (seen[other] !== query) {
            seen[other] = query;
            const distance =
              bitCount((highs[other] as number) ^ high) + bitCount((lows[other] as number) ^ low);
            if (distance <= maxDistance && owners[other] !== owner) {
              pairs.push({
                first: this.photos[other] as IndexedPhoto,
                second: photo,
                distance,
                sameFile: false,
              });
            }
          }
          other = next[other * CHUNKS + c] as number;
        }
      }
    }

    const id = this.photos.length;
    this.grow(id + 1);
    this.photos.push(photo);
    this.high[id] = high;
    this.low[id] = low;
    this.owner[id] = owner;
    this.keys.add(photo.key);
    for (let c = 0; c < CHUNKS; c++) {
      const head = c * CHUNK_VALUES + (chunks[c] as number);
      this.next[id * CHUNKS + c] = this.heads[head] as number;
      this.heads[head] = id;
    }
    const sameHash = this.byHash.get(photo.sha256);
    if (sameHash) sameHash.push(id);
    else this.byHash.set(photo.sha256, [id]);
    return pairs;
  }

  /** Room for `count` photos in the per-photo arrays. */
  private grow(count: number) {
    if (count <= this.high.length) return;
    const size = this.high.length * 2;
    const larger = (from: Int32Array, length: number) => {
      const to = new Int32Array(length);
      to.set(from);
      return to;
    };
    this.high = larger(this.high, size);
    this.low = larger(this.low, size);
    this.owner = larger(this.owner, size);
    this.seen = larger(this.seen, size);
    this.next = larger(this.next, size * CHUNKS);
  }
}
