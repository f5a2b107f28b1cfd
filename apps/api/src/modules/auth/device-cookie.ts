import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * The cookie of a device that proved a good login: from then on it has a back-off of its own, for the
 * password and for the second factor's codes (decision 010).
 */

/** Its name; the __Host- prefix pins it to this origin over https. */
const deviceCookieName = (baseUrl: string) =>
  baseUrl.startsWith('https://') ? '__Host-ngso_device' : 'ngso_device';

/** The device cookie a request brought, if any. */
export const deviceTokenOf = (request: FastifyRequest, baseUrl: string): string | undefined =>
  request.cookies[deviceCookieName(baseUrl)];

/** Gives the device of a good login its cookie, for `days`: HttpOnly, same site only. */
export function setDeviceCookie(
  reply: FastifyReply,
  baseUrl: string,
  device: { token: string; days: number },
) {
  reply.setCookie(deviceCookieName(baseUrl), device.token, {
    path: '/',
    maxAge: device.days * 24 * 60 * 60,
    httpOnly: true,
    sameSite: 'strict',
    secure: baseUrl.startsWith('https://'),
  });
}
