/** Nothing is sent to our server: the text goes to an e-mail, the clipboard or print. */
import { formatLongDate } from '../lib/format';

function formatDate(value: string): string {
  if (!value) return '';
  const date = new Date(`${value}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : formatLongDate(date);
}

export function withdrawalText(recipient: string, fields: Record<string, string>): string {
  const line = (label: string, value: string | undefined) => `${label}: ${value?.trim() || '…'}`;
  return [
    'Angreskjema',
    '',
    `Til: ${recipient}`,
    '',
    'Jeg underretter herved om at jeg vil gå fra min avtale om kjøp av følgende:',
    line('Kurs, kurspakke eller tjeneste', fields.kjop),
    line('Bestilt dato', formatDate(fields.bestilt ?? '')),
    line('Mottatt dato', formatDate(fields.mottatt ?? '')),
    line('Ordrenummer', fields.ordre),
    line('Navn', fields.navn),
    line('Adresse', fields.adresse?.replace(/\s*\n\s*/g, ', ')),
    line('E-post', fields.epost),
    line('Dato', formatDate(fields.dato ?? '')),
  ].join('\n');
}

export function initWithdrawalForm(): void {
  const form = document.querySelector<HTMLFormElement>('[data-angreskjema]');
  if (!form) return;
  const recipient = (form.querySelector('[data-recipient]')?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const mail = form.querySelector<HTMLAnchorElement>('[data-angre-mail]');
  const status = form.querySelector<HTMLElement>('[data-angre-status]');
  const baseMailto = mail?.href.split('?')[0] ?? '';

  const text = () => {
    const data = new FormData(form);
    const fields = Object.fromEntries([...data.entries()].map(([k, v]) => [k, String(v)]));
    return withdrawalText(recipient, fields);
  };
  const refreshMail = () => {
    if (mail) mail.href = `${baseMailto}?subject=${encodeURIComponent('Angrerett')}&body=${encodeURIComponent(text())}`;
  };

  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('input', refreshMail);
  refreshMail();
  form.querySelector('[data-angre-print]')?.addEventListener('click', () => window.print());
  form.querySelector('[data-angre-copy]')?.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text());
      if (status) status.textContent = 'Teksten er kopiert. Lim den inn i en e-post til oss.';
    } catch {
      if (status) status.textContent = 'Kunne ikke kopiere automatisk. Marker teksten i skjemaet og kopier den selv.';
    }
  });
}
