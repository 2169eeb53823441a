import { createServer } from 'node:http';
import { env } from '../../src/server/env';
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
}

/** The mails that reached `to` so far (from a test). */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_READER_PORT}/mail?to=${encodeURIComponent(to)}`);
  return (await response.json()) as CaughtMail[];
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
      }));
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(list));
  }).listen(MAIL_READER_PORT, '127.0.0.1', () => console.log(`Mail catcher: SMTP ${SMTP_PORT}, reader ${MAIL_READER_PORT}`));
}
