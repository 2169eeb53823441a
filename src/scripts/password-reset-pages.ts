import { ApiError, apiRequest } from '../lib/api';
import { submitWithFeedback, takeTokenFromHash } from './form-feedback';

const messageOf = async (response: Response): Promise<string> => {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : '';
};

function showStatus(region: HTMLElement | null, message: string): void {
  if (!region) return;
  const note = document.createElement('p');
  note.className = 'rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-ink';
  note.textContent = message;
  region.replaceChildren(note);
}

/** Always the same 202 sentence, whether or not the address has an account. */
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

function showState(state: NewPasswordState, message?: string, focus = true): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-state]')) el.hidden = el.dataset.state !== state;
  const block = document.querySelector<HTMLElement>(`[data-state="${state}"]`);
  const text = block?.querySelector<HTMLElement>('[data-message]');
  if (text && message) text.textContent = message;
  if (focus && state !== 'form') text?.focus();
}

const isTokenRefused = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && error.issues.some((issue) => issue.path === 'token');

/** The server signs nobody in and ends every session of the account, so success offers 'Logg inn'. */
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
