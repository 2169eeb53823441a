import { safeNextPath } from '../lib/safe-next';

/**
 * The sign-in page: switches between the sign-in and create-account views
 * (#registrer), posts the forms as JSON and shows the server's Norwegian error
 * messages next to the right fields.
 */

type View = 'login' | 'register';

const endpoints: Record<View, string> = { login: '/api/auth/login', register: '/api/auth/register' };

function showView(view: View, focus: boolean): void {
  for (const section of document.querySelectorAll<HTMLElement>('[data-view]')) {
    section.hidden = section.dataset.view !== view;
  }
  if (focus) document.querySelector<HTMLInputElement>(`[data-view="${view}"] input`)?.focus();
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
  const input = form.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!target || !input) return false;
  target.textContent = message;
  input.setAttribute('aria-invalid', 'true');
  return true;
}

interface ErrorBody {
  error?: string;
  issues?: { path: string; message: string }[];
}

async function submit(form: HTMLFormElement, view: View): Promise<void> {
  clearErrors(form);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const label = button?.textContent ?? '';
  if (button) {
    button.disabled = true;
    button.textContent = button.dataset.pendingLabel ?? label;
  }
  try {
    const response = await fetch(endpoints[view], {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(new FormData(form))),
    });
    if (response.ok) {
      window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get('next')));
      return;
    }
    const body = (await response.json().catch(() => ({}))) as ErrorBody;
    const placed = (body.issues ?? []).filter((issue) => showFieldError(form, issue.path, issue.message));
    if (placed.length > 0) {
      form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
    } else {
      showFormError(form, body.error ?? 'Noe gikk galt. Prøv igjen om litt.');
    }
  } catch {
    showFormError(form, 'Kunne ikke kontakte serveren. Sjekk nettforbindelsen og prøv igjen.');
  } finally {
    if (button) {
      button.disabled = false;
      button.textContent = label;
    }
  }
}

export function initAuthPage(): void {
  const fromHash = (): View => (window.location.hash === '#registrer' ? 'register' : 'login');
  showView(fromHash(), false);
  window.addEventListener('hashchange', () => showView(fromHash(), true));

  for (const form of document.querySelectorAll<HTMLFormElement>('[data-auth-form]')) {
    const view = form.dataset.authForm as View;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void submit(form, view);
    });
  }
}
