import { ApiError, apiRequest } from '../lib/api';
import { GENERAL_ERROR, NETWORK_ERROR, submitWithFeedback, takeTokenFromHash } from './form-feedback';

/** Opening the link proves the address at once and leaves it unused, so the same token then sets the password. */

type State = 'opening' | 'form' | 'done' | 'invalid' | 'missing';

function showState(state: State, message?: string, focus = true): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-state]')) el.hidden = el.dataset.state !== state;
  const block = document.querySelector<HTMLElement>(`[data-state="${state}"]`);
  const text = block?.querySelector<HTMLElement>('[data-message]');
  if (text && message) text.textContent = message;
  if (focus && state !== 'form' && state !== 'opening') text?.focus();
}

const messageOf = async (response: Response): Promise<string> => {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : '';
};

const refusal = (error: ApiError) => error.bodyError ?? error.issues.find((issue) => issue.path === 'token')?.message ?? GENERAL_ERROR;

export async function initCreatePasswordPage(): Promise<void> {
  const form = document.querySelector<HTMLFormElement>('[data-create-password-form]');
  if (!form) return;
  const token = takeTokenFromHash();
  if (!token) return showState('missing', undefined, false);
  showState('opening');
  try {
    const opened = await apiRequest('POST', '/api/auth/confirm-email', { token });
    const verified = document.querySelector<HTMLElement>('[data-verified]');
    if (verified) verified.textContent = await messageOf(opened);
  } catch (error) {
    if (error instanceof ApiError) return showState('invalid', refusal(error));
    return showState('invalid', NETWORK_ERROR);
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
        if (!(error instanceof ApiError && error.status === 400 && error.issues.some((issue) => issue.path === 'token'))) return false;
        form.reset();
        showState('invalid', refusal(error));
        return true;
      },
    },
  );
}

/** Nothing is sent until 'Bekreft' is pressed: a mail program that opens links ahead must not delete an account. */
export function initConfirmAccountPage(): void {
  const form = document.querySelector<HTMLFormElement>('[data-account-confirm-form]');
  if (!form) return;
  const action = new URLSearchParams(window.location.search).get('handling') === 'slett' ? 'slett' : 'epost';
  for (const el of document.querySelectorAll<HTMLElement>('[data-action]')) el.hidden = el.dataset.action !== action;
  const token = takeTokenFromHash();
  if (!token) return showState('missing', undefined, false);
  showState('form');
  submitWithFeedback(
    form,
    async () => {
      const response = await apiRequest('POST', '/api/auth/account-confirm', { token });
      showState('done', await messageOf(response));
    },
    {
      refused: (error) => {
        if (!(error instanceof ApiError && error.status === 400)) return false;
        showState('invalid', refusal(error));
        return true;
      },
    },
  );
}
