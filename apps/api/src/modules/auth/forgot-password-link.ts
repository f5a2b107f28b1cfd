/**
 * The page where a user asks for a link to set a new password: the mails about an account's safety (its
 * password changed, its second factor locked) point there.
 */
export const forgotPasswordUrl = (baseUrl: string) => new URL('/forgot-password', baseUrl).toString();
