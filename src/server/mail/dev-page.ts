import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../../db/schema';
import { acquireAppDb } from '../platform/db';
import { drainOutbox } from './sender';
import { formatShortDateTimeSeconds } from '../../lib/format';

/** Served only by the dev server (a Vite plugin that never runs in a build), so it does not exist in production. */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const linkified = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}" target="_blank" rel="noreferrer">${url}</a>`);

const statusLabel: Record<string, string> = { pending: 'venter', sent: 'sendt', kept: 'beholdt (ikke sendt)', failed: 'feilet' };

export const devMailPageCsp =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; base-uri 'none'; form-action 'none'";

export async function devMailPage(): Promise<string> {
  const { db, release } = await acquireAppDb();
  try {
    await drainOutbox(db);
    const mails = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
    const items = mails.map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject ?? `(${mail.template}, ikke laget ennå)`)}</h2>
<p class="meta">Til ${escapeHtml(mail.toAddress)} · ${escapeHtml(statusLabel[mail.status] ?? mail.status)} · ${formatShortDateTimeSeconds(mail.createdAt)}${mail.lastError ? ` · ${escapeHtml(mail.lastError)}` : ''}</p>
${mail.textBody ? `<pre>${linkified(mail.textBody)}</pre>` : ''}
${mail.html ? `<iframe sandbox srcdoc="${escapeHtml(mail.html)}" title="${escapeHtml(`HTML-versjonen av ${mail.subject ?? mail.template}`)}"></iframe>` : ''}
</article>`,
    );
    return `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>E-post (utvikling) – KI Akademiet</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111;line-height:1.5}article{border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:1rem 0}h2{margin:0 0 .25rem;font-size:1.2rem}.meta{color:#555;margin:0 0 .75rem}pre{white-space:pre-wrap;background:#f6f6f6;padding:.75rem;border-radius:.25rem}iframe{width:100%;height:32rem;border:1px solid #eee}a{color:#3730a3}</style>
</head>
<body>
<main>
<h1>E-post fra utviklingsserveren</h1>
<p>Uten <code>SMTP_URL</code> blir e-post ikke sendt, men lagt her (de 50 siste). Siden finnes bare i utvikling.</p>
${items.length ? items.join('\n') : '<p>Ingen e-post ennå.</p>'}
</main>
</body>
</html>`;
  } finally {
    await release();
  }
}
