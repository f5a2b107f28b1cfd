/** Escapes LIKE wildcards so a search for "100%" finds that text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
