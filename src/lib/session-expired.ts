import { isUnauthorizedError } from './api';
import { toast as showToast } from '../stores/toast';

export const UNAUTHORIZED_REDIRECT_MS = 500;

export interface BrowserEffects {
  toast: typeof showToast;
  navigate: (url: string) => void;
  later: (fn: () => void, ms: number) => void;
}

export const browserEffects: BrowserEffects = {
  toast: showToast,
  navigate: (url) => window.location.assign(url),
  later: (fn, ms) => window.setTimeout(fn, ms),
};

export function sessionExpired(effects: BrowserEffects = browserEffects): void {
  effects.toast({ title: 'Ikke innlogget', description: 'Du er logget ut. Logger inn på nytt...', variant: 'destructive' });
  effects.later(() => effects.navigate('/api/login'), UNAUTHORIZED_REDIRECT_MS);
}

export function expireOnUnauthorized(error: unknown, effects: BrowserEffects = browserEffects): void {
  if (isUnauthorizedError(error)) sessionExpired(effects);
}

export function signInUrl(path: string): string {
  return `/api/login?next=${encodeURIComponent(path)}`;
}

export function goToSignIn(effects: BrowserEffects = browserEffects): void {
  effects.navigate(signInUrl(window.location.pathname + window.location.search));
}
