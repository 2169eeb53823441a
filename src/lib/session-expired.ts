import { isUnauthorizedError } from './api';
import { toast as showToast } from '../stores/toast';

/** Delay before going to /api/login once the session turns out to be gone (spec, section 9). */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/** What the browser does; replaceable in tests. */
export interface BrowserEffects {
  toast: typeof showToast;
  /** Full-page navigation. */
  navigate: (url: string) => void;
  later: (fn: () => void, ms: number) => void;
}

export const browserEffects: BrowserEffects = {
  toast: showToast,
  navigate: (url) => window.location.assign(url),
  later: (fn, ms) => window.setTimeout(fn, ms),
};

/** 'Ikke innlogget' / 'Du er logget ut. Logger inn på nytt...' (the spec's 'Unauthorized' toast in Norwegian, decision 13), then /api/login after 500 ms. */
export function sessionExpired(effects: BrowserEffects = browserEffects): void {
  effects.toast({ title: 'Ikke innlogget', description: 'Du er logget ut. Logger inn på nytt...', variant: 'destructive' });
  effects.later(() => effects.navigate('/api/login'), UNAUTHORIZED_REDIRECT_MS);
}

/** For a form's or a mutation's failure: an expired session goes to sign in, anything else is left to the caller. */
export function expireOnUnauthorized(error: unknown, effects: BrowserEffects = browserEffects): void {
  if (isUnauthorizedError(error)) sessionExpired(effects);
}

/** Where an anonymous visitor signs in and comes back to `path` (the page's path and query). */
export function signInUrl(path: string): string {
  return `/api/login?next=${encodeURIComponent(path)}`;
}

/** Sends an anonymous visitor to sign in, then back to the page they are on. */
export function goToSignIn(effects: BrowserEffects = browserEffects): void {
  effects.navigate(signInUrl(window.location.pathname + window.location.search));
}
