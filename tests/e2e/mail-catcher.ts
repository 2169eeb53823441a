import { createServer } from 'node:http';
import { env } from '../../src/server/platform/env';
import { startMailServer } from '../mail-server';

/**
 * The end-to-end suite's mail server (issue 22): a real SMTP server (`smtp-server`, as in the
 * integration tests) that the served site sends its mail to (`SMTP_URL`, playwright.config.ts),
 * and a small HTTP side on the next port where a test reads what arrived:
 * `GET /mail?to=<address>` → `[{to, subject, text, html}]`.
 */
export const SMTP_PORT = env.SERVE_PORT + 70;
export const MAIL_READER_PORT = env.SERVE_PORT + 71;

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The `List-Unsubscribe` and `List-Unsubscribe-Post` header values as sent (the reminder's, issue 25), else null. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
}

/** The mails that reached `to` so far (from a test). */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_READER_PORT}/mail?to=${encodeURIComponent(to)}`);
  return (await response.json()) as CaughtMail[];
}

/** A header's value as the raw line carried it (mailparser folds the List-* headers into one object). */
function header(lines: readonly { key: string; line: string }[], key: string): string | null {
  const line = lines.find((h) => h.key === key)?.line;
  return line
    ? line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n\s+/g, ' ')
        .trim()
    : null;
}

if (process.argv[1]?.endsWith('mail-catcher.ts')) {
  const mail = await startMailServer({ port: SMTP_PORT });
  createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = mail.received
      .filter((m) => !to || (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.toLowerCase().includes(to)))
      .map((m) => ({
        to: (Array.isArray(m.to) ? m.to : [m.to]).map((a) => a?.text ?? '').join(', '),
        subject: m.subject ?? '',
        text: m.text ?? '',
        html: typeof m.html === 'string' ? m.html : '',
        listUnsubscribe: header(m.headerLines, 'list-unsubscribe'),
        listUnsubscribePost: header(m.headerLines, 'list-unsubscribe-post'),
      }));
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(list));
  }).listen(MAIL_READER_PORT, '127.0.0.1', () => console.log(`Mail catcher: SMTP ${SMTP_PORT}, reader ${MAIL_READER_PORT}`));
}
