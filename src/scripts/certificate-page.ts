import type { CertificateVerification } from '../schemas/certificates';
import { GENERAL_ERROR, NETWORK_ERROR } from './form-feedback';

/**
 * /bevis/{code} (issue 25): asks GET /api/certificate-verifications/:code for the code in the
 * address and shows the answer: valid (for whom, which course, its hours, when), revoked, or
 * unknown. Too many unknown codes from one address (429) and other failures get their own sentence.
 */

const dateFormat = new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Oslo' });

type State = 'valid' | 'revoked' | 'unknown' | 'error';

function show(state: State, fill: Record<string, string> = {}): void {
  const root = document.querySelector<HTMLElement>('[data-certificate-page]');
  if (!root) return;
  root.querySelectorAll<HTMLElement>('[data-state]').forEach((el) => (el.hidden = el.dataset.state !== state));
  const section = root.querySelector<HTMLElement>(`[data-state="${state}"]`);
  for (const [name, value] of Object.entries(fill)) {
    section?.querySelectorAll<HTMLElement>(`[data-fill="${name}"]`).forEach((el) => (el.textContent = value));
  }
  section?.querySelector<HTMLElement>('[data-focus]')?.focus();
}

function showError(message: string): void {
  const text = document.querySelector<HTMLElement>('[data-state="error"] [data-message]');
  if (text) text.textContent = message;
  show('error');
}

/** The code from the address: the last path segment, decoded. */
export function codeFromPath(pathname: string): string {
  const segment = pathname.replace(/\/+$/, '').split('/').at(-1) ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export async function initCertificatePage(): Promise<void> {
  if (!document.querySelector('[data-certificate-page]')) return;
  const code = codeFromPath(window.location.pathname);
  let response: Response;
  try {
    response = await fetch(`/api/certificate-verifications/${encodeURIComponent(code)}`, { headers: { Accept: 'application/json' } });
  } catch {
    return showError(NETWORK_ERROR);
  }
  const body = (await response.json().catch(() => null)) as (CertificateVerification & { error?: string }) | null;
  if (response.status === 429) return showError(body?.error ?? 'Du har slått opp mange koder. Vent litt og prøv igjen.');
  if (response.status === 400 || response.status === 404 || body?.status === 'unknown') return show('unknown');
  if (!response.ok || !body) return showError(body?.error ?? GENERAL_ERROR);
  const date = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '');
  show(body.status, {
    learnerName: body.learnerName,
    courseTitle: body.courseTitle,
    courseHours: body.courseHours,
    completedAt: date(body.completedAt),
    revokedAt: date(body.revokedAt),
    code: body.code,
  });
}
