// The image compression worker: keeps decoding and encoding off the page's thread, so a cheap
// phone's page stays responsive while a 12-megapixel photo is prepared.
import { type Compressed, type CompressSettings, compressBlob, offscreenSurface } from './compress-core.ts';

export type CompressRequest = { file: Blob; settings: CompressSettings };
export type CompressReply = ({ ok: true } & Compressed) | { ok: false; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage: (message: CompressReply) => void;
};

scope.onmessage = async (event) => {
  try {
    const compressed = await compressBlob(event.data.file, event.data.settings, offscreenSurface);
    scope.postMessage({ ok: true, ...compressed });
  } catch (error) {
    scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
