import { ApiError, apiRequest } from '../lib/api';
import { GENERAL_ERROR, NETWORK_ERROR, takeTokenFromHash } from './form-feedback';

const INCOMPLETE = 'Lenken er ufullstendig. Åpne lenken i e-posten på nytt, eller kopier hele lenken inn i adressefeltet.';

function show(outcome: 'done' | 'failed', message: string): void {
  const progress = document.querySelector<HTMLElement>('[data-confirm-progress]');
  const result = document.querySelector<HTMLElement>(`[data-confirm-${outcome}]`);
  const text = result?.querySelector<HTMLElement>('[data-message]');
  if (progress) progress.hidden = true;
  if (!result || !text) return;
  text.textContent = message;
  result.hidden = false;
  text.focus();
}

export async function initConfirmEmailPage(): Promise<void> {
  if (!document.querySelector('[data-confirm-progress]')) return;
  const token = takeTokenFromHash();
  if (!token) return show('failed', INCOMPLETE);
  try {
    const response = await apiRequest('POST', '/api/auth/confirm-email', { token });
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    show('done', typeof body?.message === 'string' ? body.message : 'E-postadressen din er bekreftet.');
  } catch (error) {
    if (!(error instanceof ApiError)) return show('failed', NETWORK_ERROR);
    show('failed', error.bodyError ?? error.issues[0]?.message ?? GENERAL_ERROR);
  }
}
