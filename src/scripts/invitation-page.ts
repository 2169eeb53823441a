import type { z } from 'zod';
import { ApiError, apiJson, apiRequest } from '../lib/api';
import type { invitationLookupResponse } from '../schemas/company';
import { safeNextPath } from '../lib/safe-next';
import { clearErrors, NETWORK_ERROR, pending, showRequestError, takeTokenFromHash } from './form-feedback';

/** The fragment does not survive the sign-in redirect, so the token waits in sessionStorage (this tab only). */

export const TOKEN_KEY = 'invitation-token';

type Lookup = z.infer<typeof invitationLookupResponse>;

type State = 'loading' | 'create' | 'accept' | 'sign-in' | 'invalid' | 'missing' | 'blocked';

const INVALID = 'Invitasjonen er ugyldig eller utløpt.';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readToken(): string | null {
  const fromHash = takeTokenFromHash();
  if (fromHash) return fromHash;
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

const forget = () => storage()?.removeItem(TOKEN_KEY);

function show(state: State, message?: string): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-state]')) el.hidden = el.dataset.state !== state;
  const block = document.querySelector<HTMLElement>(`[data-state="${state}"]`);
  const text = block?.querySelector<HTMLElement>('[data-message]');
  if (text && message) text.textContent = message;
  if (state === 'invalid' || state === 'blocked') text?.focus();
}

function fill(name: string, value: string): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-fill="${name}"]`)) el.textContent = value;
}

const sameAddress = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

function refusal(error: unknown): { state: 'invalid' | 'blocked' | 'sign-in'; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409 && error.errorType === 'no_free_seats') return { state: 'blocked', message: error.bodyError ?? INVALID };
  if (error.status === 409 && error.errorType === 'sign_in_required') return { state: 'sign-in', message: error.bodyError ?? '' };
  const aboutToken = error.issues.some((issue) => issue.path === 'token');
  if ((error.status === 400 && (aboutToken || error.issues.length === 0)) || error.status === 404 || error.status === 410) {
    return { state: 'invalid', message: error.bodyError ?? INVALID };
  }
  return null;
}

export interface InvitationPageOptions {
  /** Full-page navigation after success; replaceable in tests. */
  navigate?: (url: string) => void;
}

export async function initInvitationPage({ navigate = (url) => window.location.assign(url) }: InvitationPageOptions = {}): Promise<void> {
  const root = document.querySelector<HTMLElement>('[data-invitation]');
  if (!root) return;
  const token = readToken();
  if (!token) {
    show('missing');
    return;
  }
  show('loading');

  let lookup: Lookup;
  try {
    lookup = await apiJson<typeof invitationLookupResponse>('POST', '/api/invitations/lookup', { token });
  } catch (error) {
    const outcome = refusal(error);
    if (outcome?.state === 'invalid') forget();
    show(outcome?.state === 'invalid' || outcome?.state === 'blocked' ? outcome.state : 'invalid', outcome?.message ?? NETWORK_ERROR);
    return;
  }

  fill('company', lookup.companyName);
  fill('email', lookup.email);
  const heading = document.querySelector<HTMLElement>('[data-heading]');
  if (heading) heading.textContent = `Du er invitert til ${lookup.companyName}`;
  document.title = `Invitasjon til ${lookup.companyName}`;

  const signInLink = document.querySelector<HTMLAnchorElement>('[data-sign-in-link]');
  if (signInLink) {
    signInLink.textContent = `Logg inn som ${lookup.email} først`;
    signInLink.addEventListener('click', () => storage()?.setItem(TOKEN_KEY, token));
  }
  const other = document.querySelector<HTMLElement>('[data-signed-in-other]');
  if (other) other.hidden = lookup.signedInAs === null || sameAddress(lookup.signedInAs, lookup.email);
  fill('signed-in-as', lookup.signedInAs ?? '');

  const done = (body: unknown) => {
    forget();
    const path = typeof (body as { coursePath?: unknown } | null)?.coursePath === 'string' ? (body as { coursePath: string }).coursePath : '/';
    navigate(safeNextPath(path));
  };

  const wire = (form: HTMLFormElement | null, body: () => Record<string, string>) => {
    form?.addEventListener('submit', (event) => {
      event.preventDefault();
      void (async () => {
        clearErrors(form);
        const restore = pending(form.querySelector('button[type="submit"]'));
        try {
          const response = await apiRequest('POST', '/api/invitations/accept', { token, ...body() });
          done(await response.json().catch(() => null));
        } catch (error) {
          restore();
          const outcome = refusal(error);
          if (outcome?.state === 'sign-in') show('sign-in');
          else if (outcome) {
            if (outcome.state === 'invalid') forget();
            show(outcome.state, outcome.message);
          } else showRequestError(form, error);
        }
      })();
    });
  };

  const createForm = document.querySelector<HTMLFormElement>('[data-create-form]');
  wire(createForm, () => {
    const data = new FormData(createForm ?? undefined);
    return {
      firstName: String(data.get('firstName') ?? ''),
      lastName: String(data.get('lastName') ?? ''),
      password: String(data.get('password') ?? ''),
    };
  });
  wire(document.querySelector<HTMLFormElement>('[data-accept-form]'), () => ({}));

  if (!lookup.accountExists) show('create');
  else if (sameAddress(lookup.signedInAs, lookup.email)) show('accept');
  else show('sign-in');
}
