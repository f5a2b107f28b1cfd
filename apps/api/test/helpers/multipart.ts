import type { client } from './test-app.ts';

/** A multipart/form-data body with one file part (and optionally more), as a browser sends it. */
export function multipart(files: Array<{ field?: string; name: string; data: Buffer; type?: string }>) {
  const boundary = `----ngso${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart POST of files, as the console sends them. */
export function sendFiles(
  browser: ReturnType<typeof client>,
  url: string,
  files: Parameters<typeof multipart>[0],
) {
  const body = multipart(files);
  return browser.request({ method: 'POST', url, payload: body.payload, headers: body.headers });
}
