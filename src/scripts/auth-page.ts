import { ApiError, apiRequest } from '../lib/api';
import { safeNextPath } from '../lib/safe-next';

/**
 * The sign-in page: one form in two modes, sign-in and create account (#registrer);
 * the registration page (/registrer, `data-fixed-mode="register"`): the same form in one mode.
 * Posts JSON to the auth API through the shared client (`src/lib/api.ts`, no React)
 * and shows the server's Norwegian messages next to the right fields, or above the
 * form when they concern the whole request.
 */

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

function clearErrors(form: HTMLFormElement): void {
  const summary = form.querySelector<HTMLElement>('[data-form-error]');
  if (summary) {
    summary.textContent = '';
    summary.classList.add('hidden');
  }
  for (const el of form.querySelectorAll<HTMLElement>('[data-field-error]')) el.textContent = '';
  for (const input of form.querySelectorAll('input')) input.removeAttribute('aria-invalid');
}

function showFormError(form: HTMLFormElement, message: string): void {
  const summary = form.querySelector<HTMLElement>('[data-form-error]');
  if (!summary) return;
  summary.textContent = message;
  summary.classList.remove('hidden');
}

function showFieldError(form: HTMLFormElement, name: string, message: string): boolean {
  const target = form.querySelector<HTMLElement>(`[data-field-error="${name}"]`);
  const input = form.querySelector<HTMLInputElement>(`[name="${name}"]:not([disabled])`);
  if (!target || !input) return false;
  target.textContent = message;
  input.setAttribute('aria-invalid', 'true');
  return true;
}

async function submit(form: HTMLFormElement): Promise<void> {
  const mode = (form.dataset.mode as Mode | undefined) ?? 'login';
  clearErrors(form);
  const button = form.querySelector<HTMLButtonElement>(`button[data-only="${mode}"]`);
  const label = button?.textContent ?? '';
  if (button) {
    button.disabled = true;
    button.textContent = button.dataset.pendingLabel ?? label;
  }
  try {
    await apiRequest('POST', endpoints[mode], Object.fromEntries(new FormData(form)));
    window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get('next')));
  } catch (error) {
    // fetch itself throws (a TypeError) only when the server cannot be reached.
    if (!(error instanceof ApiError)) {
      showFormError(form, 'Kunne ikke kontakte serveren. Sjekk nettforbindelsen og prøv igjen.');
      return;
    }
    const placed = error.issues.filter((issue) => showFieldError(form, issue.path, issue.message));
    if (placed.length > 0) {
      form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
    } else {
      showFormError(form, error.bodyError ?? 'Noe gikk galt. Prøv igjen om litt.');
    }
  } finally {
    if (button) {
      button.disabled = false;
      button.textContent = label;
    }
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
