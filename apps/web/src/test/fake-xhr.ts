import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (jsdom's cannot report upload progress or be steered): a test
 * sees each request sent and answers it, reports progress, or drops the connection.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | Blob | null = null;
  status = 0;
  responseHeaders: Record<string, string> = {};
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: FormData | Blob) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }

  /** The file sent in multipart field `field`. */
  sentFile(field = 'file'): File {
    const file = this.body instanceof FormData ? this.body.get(field) : null;
    if (!(file instanceof File)) throw new Error(`no file in field ${field}`);
    return file;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  dropConnection() {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest for one test; returns the requests as they are sent. */
export function installFakeXhr(): FakeXhr[] {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}

/** The request sent `index`-th, once it has been sent. */
export async function sentRequest(index = 0): Promise<FakeXhr> {
  return vi.waitFor(() => {
    const request = FakeXhr.sent[index];
    if (!request) throw new Error(`request ${index} not sent yet`);
    return request;
  });
}
