/**
 * Saves a file the page holds as a download named `name` (the receipts file, the certificate). Its address
 * is revoked a minute later, once the browser has started the download.
 */
export function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
