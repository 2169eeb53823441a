// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initConfirmEmailPage } from './confirm-email-page';

/** src/pages/bekreft-epost.astro, reduced to what the script touches. */
const markup = `
  <p role="status" data-confirm-progress>Bekrefter e-postadressen …</p>
  <div data-confirm-done hidden><p tabindex="-1" data-message></p><a href="/">Til kursene mine</a></div>
  <div data-confirm-failed hidden><p tabindex="-1" data-message></p><a href="/">Til kursene mine</a></div>`;

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

const el = (selector: string) => document.querySelector<HTMLElement>(selector) as HTMLElement;

async function open(hash: string) {
  window.history.replaceState(null, '', `/bekreft-epost${hash}`);
  document.body.innerHTML = markup;
  await initConfirmEmailPage();
}

afterEach(() => fetchMock.mockReset());

describe('/bekreft-epost', () => {
  it("posts the link's token at once, takes it out of the address bar and shows the server's sentence", async () => {
    fetchMock.mockResolvedValue(Response.json({ kind: 'verified', email: 'kari@example.no', message: 'E-postadressen din er bekreftet.' }));
    await open('#token=t0k3n');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/confirm-email',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 't0k3n' }) }),
    );
    expect(window.location.hash).toBe('');
    expect(el('[data-confirm-progress]').hidden).toBe(true);
    expect(el('[data-confirm-done]').hidden).toBe(false);
    expect(el('[data-confirm-done] [data-message]').textContent).toBe('E-postadressen din er bekreftet.');
    expect(document.activeElement).toBe(el('[data-confirm-done] [data-message]'));
  });

  it('shows a refused or taken link as an error', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { error: 'Lenken er ugyldig eller utløpt.', issues: [{ path: 'token', message: 'Lenken er ugyldig eller utløpt.' }] },
        { status: 400 },
      ),
    );
    await open('#token=gammel');
    expect(el('[data-confirm-failed]').hidden).toBe(false);
    expect(el('[data-confirm-failed] [data-message]').textContent).toBe('Lenken er ugyldig eller utløpt.');

    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Det finnes allerede en konto med denne e-postadressen.' }, { status: 409 }));
    await open('#token=opptatt');
    expect(el('[data-confirm-failed] [data-message]').textContent).toBe('Det finnes allerede en konto med denne e-postadressen.');
    expect(el('[data-confirm-done]').hidden).toBe(true);
  });

  it('without a token says the link is incomplete and sends nothing', async () => {
    await open('');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(el('[data-confirm-failed] [data-message]').textContent).toMatch(/^Lenken er ufullstendig/);
  });
});
