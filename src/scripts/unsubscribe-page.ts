import { GENERAL_ERROR, NETWORK_ERROR, takeTokenFromHash } from './form-feedback';

const INCOMPLETE = 'Lenken er ufullstendig. Åpne lenken i e-posten på nytt, eller kopier hele lenken inn i adressefeltet.';

function show(outcome: 'done' | 'failed', message?: string): void {
  const progress = document.querySelector<HTMLElement>('[data-unsubscribe-progress]');
  const result = document.querySelector<HTMLElement>(`[data-unsubscribe-${outcome}]`);
  const text = result?.querySelector<HTMLElement>('[data-message]');
  if (progress) progress.hidden = true;
  if (!result || !text) return;
  if (message) text.textContent = message;
  result.hidden = false;
  text.focus();
}

export async function initUnsubscribePage(): Promise<void> {
  if (!document.querySelector('[data-unsubscribe-progress]')) return;
  const token = takeTokenFromHash();
  if (!token) return show('failed', INCOMPLETE);
  let response: Response;
  try {
    response = await fetch(`/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST', credentials: 'same-origin' });
  } catch {
    return show('failed', NETWORK_ERROR);
  }
  if (response.ok) return show('done');
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  show('failed', response.status === 401 ? INCOMPLETE : typeof body?.error === 'string' ? body.error : GENERAL_ERROR);
}
