import { ApiError, apiRequest } from '../lib/api';
import { submitWithFeedback, takeTokenFromHash } from './form-feedback';

/**
 * The two pages of a forgotten password: /glemt-passord asks for the reset link
 * (POST /api/auth/password-reset), /nytt-passord sets the new password with the link's token
 * (POST /api/auth/password-reset/confirm). Plain scripts over the shared client, like the
 * sign-in page (src/scripts/auth-page.ts).
 */

const messageOf = async (response: Response): Promise<string> => {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : '';
};

/** Puts `message` in the page's polite status region (present from the start, so it is announced). */
function showStatus(region: HTMLElement | null, message: string): void {
  if (!region) return;
  const note = document.createElement('p');
  note.className = 'rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-ink';
  note.textContent = message;
  region.replaceChildren(note);
}

/**
 * /glemt-passord: the e-mail address → always the same 202 sentence (whether or not the address
 * has an account), shown in the status region while the form stays for another try.
 */
export function initForgotPasswordPage(): void {
  const form = document.querySelector<HTMLFormElement>('[data-reset-request-form]');
  if (!form) return;
  const status = document.querySelector<HTMLElement>('[data-form-status]');
  submitWithFeedback(
    form,
    async () => {
      const response = await apiRequest('POST', '/api/auth/password-reset', Object.fromEntries(new FormData(form)));
      showStatus(status, await messageOf(response));
    },
    { status },
  );
}

type NewPasswordState = 'form' | 'done' | 'invalid' | 'missing';

/** Shows one of the page's blocks (`[data-state]`), with `message` in its `[data-message]`, and moves focus to it. */
function showState(state: NewPasswordState, message?: string, focus = true): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-state]')) el.hidden = el.dataset.state !== state;
  const block = document.querySelector<HTMLElement>(`[data-state="${state}"]`);
  const text = block?.querySelector<HTMLElement>('[data-message]');
  if (text && message) text.textContent = message;
  if (focus && state !== 'form') text?.focus();
}

/** True for the confirm endpoint's refusal of the token itself (bad, used or expired). */
const isTokenRefused = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && error.issues.some((issue) => issue.path === 'token');

/**
 * /nytt-passord#token=…: the token is read and taken out of the address bar at once; without one
 * the page says the link is incomplete. The new password → 'Logg inn' on success (the server
 * signs nobody in and ends every session of the account), or, for a refused token, the server's
 * sentence and 'Be om en ny lenke'.
 */
export function initNewPasswordPage(): void {
  const form = document.querySelector<HTMLFormElement>('[data-new-password-form]');
  if (!form) return;
  const token = takeTokenFromHash();
  if (!token) {
    showState('missing', undefined, false);
    return;
  }
  showState('form');
  submitWithFeedback(
    form,
    async () => {
      const password = String(new FormData(form).get('password') ?? '');
      const response = await apiRequest('POST', '/api/auth/password-reset/confirm', { token, password });
      form.reset();
      showState('done', await messageOf(response));
    },
    {
      refused: (error) => {
        if (!isTokenRefused(error)) return false;
        form.reset();
        showState('invalid', error.bodyError ?? error.issues.find((issue) => issue.path === 'token')?.message);
        return true;
      },
    },
  );
}
