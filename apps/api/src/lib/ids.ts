const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from a URL are checked before they reach the database, so a malformed one is a 404, never a 500. */
export const isUuid = (value: string) => UUID.test(value);
