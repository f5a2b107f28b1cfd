/**
 * A photo's name in the exam protocol: the SHA-256 of the exact bytes the page sends, in lower-case hex
 * (Web Crypto; the exam runs on https, where every browser has it).
 */
export async function sha256Hex(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  // A copy as a plain byte array: some engines refuse an ArrayBuffer made by another realm (a worker, a test DOM).
  const digest = await crypto.subtle.digest('SHA-256', Uint8Array.from(new Uint8Array(bytes)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
