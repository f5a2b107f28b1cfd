/** The address the browser loads a stored image from (with its session cookie): GET /v1/media/:id. */
export const mediaUrl = (id: string) => `/api/v1/media/${id}`;
