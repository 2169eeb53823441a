import type { ClientDirective } from 'astro';
import { hasSignedInHint } from '../lib/signed-in-hint';

/**
 * `client:signedin`: hydrate the island only when the non-HttpOnly `signed_in`
 * hint cookie is present, so anonymous visitors never download React or the
 * island's code. The session itself stays HttpOnly; the island still asks the
 * server who is signed in and steps aside on 401 (a stale hint).
 */
const signedIn: ClientDirective = async (load) => {
  if (!hasSignedInHint(document.cookie)) return;
  const hydrate = await load();
  await hydrate();
};

export default signedIn;
