import { apiRequest } from '../lib/api';
import { safeNextPath } from '../lib/safe-next';
import { clearErrors, pending, showRequestError } from './form-feedback';

type Mode = 'login' | 'register';

const endpoints: Record<Mode, string> = { login: '/api/auth/login', register: '/api/auth/register' };

function setMode(form: HTMLFormElement, mode: Mode, focus: boolean): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-only]')) {
    const hidden = el.dataset.only !== mode;
    el.hidden = hidden;
    // Hidden fields are disabled too, so they are neither required nor sent.
    for (const input of el.querySelectorAll('input')) input.disabled = hidden;
  }
  const password = form.querySelector<HTMLInputElement>('[name="password"]');
  password?.setAttribute('autocomplete', mode === 'login' ? 'current-password' : 'new-password');
  form.dataset.mode = mode;
  clearErrors(form);
  if (focus) form.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
}

async function submit(form: HTMLFormElement): Promise<void> {
  const mode = (form.dataset.mode as Mode | undefined) ?? 'login';
  clearErrors(form);
  const restore = pending(form.querySelector<HTMLButtonElement>(`button[data-only="${mode}"]`));
  try {
    await apiRequest('POST', endpoints[mode], Object.fromEntries(new FormData(form)));
    window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get('next')));
  } catch (error) {
    showRequestError(form, error);
  } finally {
    restore();
  }
}

export function initAuthPage(): void {
  const form = document.querySelector<HTMLFormElement>('[data-auth-form]');
  if (!form) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit(form);
  });
  // /registrer: one mode only, whatever the address says.
  const fixed = form.dataset.fixedMode;
  if (fixed === 'login' || fixed === 'register') {
    form.dataset.mode = fixed;
    return;
  }
  const fromHash = (): Mode => (window.location.hash === '#registrer' ? 'register' : 'login');
  setMode(form, fromHash(), false);
  window.addEventListener('hashchange', () => setMode(form, fromHash(), true));
}
