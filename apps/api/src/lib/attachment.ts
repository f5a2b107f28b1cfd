import contentDisposition from 'content-disposition';

/**
 * The Content-Disposition of a file to save as `fileName` (RFC 6266): `attachment` with the name quoted and
 * escaped, and a name outside ISO-8859-1 (a Bangla one) also as RFC 5987's `filename*` in UTF-8, with an
 * ASCII stand-in for clients that read only `filename`. content-disposition 1.x: it runs on every Node this
 * project supports, and quotes every name as the downloads always had it.
 */
export const attachment = (fileName: string) => contentDisposition(fileName);
