import { apiRequest } from '../lib/api';
import { submitWithFeedback } from './form-feedback';

export function initContactForm(): void {
  const form = document.querySelector<HTMLFormElement>('[data-contact-form]');
  if (!form) return;
  const status = document.querySelector<HTMLElement>('[data-form-status]');
  submitWithFeedback(
    form,
    async () => {
      const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
      const body = { ...fields, company: fields.company?.trim() ? fields.company : undefined };
      const response = await apiRequest('POST', '/api/contact', body);
      const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
      form.reset();
      if (status && typeof answer?.message === 'string') {
        const note = document.createElement('p');
        note.className = 'rounded-md border border-emerald-300 bg-emerald-50 p-3 text-ink';
        note.textContent = answer.message;
        status.replaceChildren(note);
      }
    },
    { status },
  );
}
