import { apiRequest } from '../lib/api';
import { submitWithFeedback } from './form-feedback';

/**
 * The contact form on /kontakt (issue 29, decision 37): POST /api/contact, the server's sentence
 * in the status region on success (the form is emptied), each refusal next to its field, a 429's
 * sentence above the form. A plain script over the shared client, like the password pages.
 */
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
