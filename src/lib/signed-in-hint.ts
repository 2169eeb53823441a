/** The readable cookie the server sets next to the HttpOnly session (see src/server/auth/session.ts). */
export const SIGNED_IN_HINT = 'signed_in';

export function hasSignedInHint(cookies: string): boolean {
  return cookies.split(';').some((c) => c.trim() === `${SIGNED_IN_HINT}=1`);
}

/** Removes a stale hint (the session behind it is gone), so the next visit skips the island. */
export function clearSignedInHint(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIGNED_IN_HINT}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  // The site header shows its anonymous links again (global.css).
  delete document.body.dataset.signedIn;
}
