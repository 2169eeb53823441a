/** Readable by scripts, unlike the HttpOnly session cookie it accompanies. */
export const SIGNED_IN_HINT = 'signed_in';

export function hasSignedInHint(cookies: string): boolean {
  return cookies.split(';').some((c) => c.trim() === `${SIGNED_IN_HINT}=1`);
}

export function clearSignedInHint(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIGNED_IN_HINT}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  delete document.body.dataset.signedIn;
}
