import type { Platform } from "../platform-profile";

/**
 * Where a platform sends the browser back after consent: the redirect URI the connect flow sends, and the
 * one to register, character for character, in each platform's developer app.
 */
export const callbackUrl = (origin: string, platform: Platform) => `${origin}/api/auth/${platform}/callback`;
