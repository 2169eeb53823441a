import { ApiError } from '../lib/api';
import { GENERAL_ERROR, NETWORK_ERROR } from '../lib/form-errors';

/** What the static form pages share; no React, so it ships light. */

export { GENERAL_ERROR, NETWORK_ERROR };

export function clearErrors(form: HTMLFormElement): void {
  const summary = form.querySelector<HTMLElement>('[data-form-error]');
  if (summary) {
    summary.textContent = '';
    summary.classList.add('hidden');
  }
  for (const el of form.querySelectorAll<HTMLElement>('[data-field-error]')) el.textContent = '';
  for (const input of form.querySelectorAll('input, textarea')) input.removeAttribute('aria-invalid');
}

export function showFormError(form: HTMLFormElement, message: string): void {
  const summary = form.querySelector<HTMLElement>('[data-form-error]');
  if (!summary) return;
  summary.textContent = message;
  summary.classList.remove('hidden');
}

export function showFieldError(form: HTMLFormElement, name: string, message: string): boolean {
  const target = form.querySelector<HTMLElement>(`[data-field-error="${name}"]`);
  const input = form.querySelector<HTMLInputElement>(`[name="${name}"]:not([disabled])`);
  if (!target || !input) return false;
  target.textContent = message;
  input.setAttribute('aria-invalid', 'true');
  return true;
}

export function showRequestError(form: HTMLFormElement, error: unknown): void {
  if (!(error instanceof ApiError)) {
    showFormError(form, NETWORK_ERROR);
    return;
  }
  const placed = error.issues.filter((issue) => showFieldError(form, issue.path, issue.message));
  if (placed.length > 0) {
    form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  } else {
    showFormError(form, error.bodyError ?? GENERAL_ERROR);
  }
}

/** A refusal goes to `refused` when that handles it (returns true), else next to its field or above the form. */
export function submitWithFeedback(
  form: HTMLFormElement,
  send: () => Promise<void>,
  options: { status?: HTMLElement | null; refused?: (error: unknown) => boolean } = {},
): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      clearErrors(form);
      options.status?.replaceChildren();
      const restore = pending(form.querySelector('button[type="submit"]'));
      try {
        await send();
      } catch (error) {
        if (!options.refused?.(error)) showRequestError(form, error);
      } finally {
        restore();
      }
    })();
  });
}

export function pending(button: HTMLButtonElement | null): () => void {
  if (!button) return () => {};
  const label = button.textContent ?? '';
  button.disabled = true;
  button.textContent = button.dataset.pendingLabel ?? label;
  return () => {
    button.disabled = false;
    button.textContent = label;
  };
}

/** Taken out of the address bar at once, so the token is not in the history, a bookmark or a shared screenshot. */
export function takeTokenFromHash(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token')?.trim() || null;
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return token;
}
