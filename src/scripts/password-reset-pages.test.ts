// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initForgotPasswordPage, initNewPasswordPage } from './password-reset-pages';

/** The forms of src/pages/glemt-passord.astro and src/pages/nytt-passord.astro, reduced to what the scripts touch. */
const forgotMarkup = `
  <form data-reset-request-form novalidate>
    <div role="alert" class="hidden" data-form-error></div>
    <input id="email" name="email" type="email" /><p data-field-error="email"></p>
    <button type="submit" data-pending-label="Sender...">Send lenke</button>
  </form>
  <div role="status" data-form-status></div>`;

const newPasswordMarkup = `
  <div data-state="form">
    <form data-new-password-form novalidate>
      <div role="alert" class="hidden" data-form-error></div>
      <input id="password" name="password" type="password" /><p data-field-error="password"></p>
      <button type="submit" data-pending-label="Lagrer...">Lagre nytt passord</button>
    </form>
  </div>
  <div data-state="done" hidden><p tabindex="-1" data-message></p><a href="/logg-inn">Logg inn</a></div>
  <div data-state="invalid" hidden><p tabindex="-1" data-message></p><a href="/glemt-passord">Be om en ny lenke</a></div>
  <div data-state="missing" hidden><p>Lenken er ufullstendig.</p></div>`;

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

const form = () => document.querySelector<HTMLFormElement>('form') as HTMLFormElement;
const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;
const button = () => document.querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;
const block = (state: string) => document.querySelector<HTMLElement>(`[data-state="${state}"]`) as HTMLElement;

async function submit(name: string, value: string) {
  input(name).value = value;
  form().dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await vi.waitFor(() => expect(button().disabled).toBe(false));
}

afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

describe('/glemt-passord', () => {
  const open = () => {
    window.history.replaceState(null, '', '/glemt-passord');
    document.body.innerHTML = forgotMarkup;
    initForgotPasswordPage();
  };

  it("posts the address and shows the server's sentence in the status region, keeping the form", async () => {
    open();
    const message = 'Hvis adressen har en konto hos oss, har vi sendt en e-post med en lenke for å lage nytt passord. Lenken virker i én time.';
    fetchMock.mockResolvedValue(Response.json({ message }, { status: 202 }));
    await submit('email', 'elev@demo.no');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/password-reset',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'elev@demo.no' }) }),
    );
    expect(document.querySelector('[data-form-status]')?.textContent).toBe(message);
    expect(form().isConnected).toBe(true);
    expect(button().textContent).toBe('Send lenke');
  });

  it('puts a field issue under the e-mail field and a 429 above the form', async () => {
    open();
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { error: 'Skriv inn en gyldig e-postadresse', issues: [{ path: 'email', message: 'Skriv inn en gyldig e-postadresse' }] },
        { status: 400 },
      ),
    );
    await submit('email', 'kari@');
    expect(document.querySelector('[data-field-error="email"]')?.textContent).toBe('Skriv inn en gyldig e-postadresse');
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('email'));

    fetchMock.mockResolvedValueOnce(
      Response.json({ error: 'For mange forsøk. Vent litt og prøv igjen.' }, { status: 429, headers: { 'Retry-After': '60' } }),
    );
    await submit('email', 'kari@example.no');
    expect(document.querySelector('[data-form-error]')?.textContent).toBe('For mange forsøk. Vent litt og prøv igjen.');
    expect(document.querySelector('[data-field-error="email"]')?.textContent).toBe('');
    expect(document.querySelector('[data-form-status]')?.textContent).toBe('');
  });
});

describe('/nytt-passord', () => {
  const open = (hash: string) => {
    window.history.replaceState(null, '', `/nytt-passord${hash}`);
    document.body.innerHTML = newPasswordMarkup;
    initNewPasswordPage();
  };

  it('takes the token out of the address bar and posts it with the new password; success leads to sign-in', async () => {
    open('#token=abc123');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/nytt-passord');
    fetchMock.mockResolvedValue(Response.json({ message: 'Passordet er endret. Logg inn med det nye passordet.' }));
    await submit('password', 'en lang og god setning');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/password-reset/confirm',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'abc123', password: 'en lang og god setning' }) }),
    );
    expect(block('form').hidden).toBe(true);
    expect(block('done').hidden).toBe(false);
    const message = block('done').querySelector('[data-message]');
    expect(message?.textContent).toBe('Passordet er endret. Logg inn med det nye passordet.');
    expect(document.activeElement).toBe(message);
    expect(input('password').value).toBe('');
  });

  it('shows the password rule under the field and keeps the form', async () => {
    open('#token=abc123');
    fetchMock.mockResolvedValue(
      Response.json(
        { error: 'Passordet må ha minst 8 tegn', issues: [{ path: 'password', message: 'Passordet må ha minst 8 tegn' }] },
        { status: 400 },
      ),
    );
    await submit('password', 'kort');
    expect(document.querySelector('[data-field-error="password"]')?.textContent).toBe('Passordet må ha minst 8 tegn');
    expect(document.activeElement).toBe(input('password'));
    expect(block('form').hidden).toBe(false);
  });

  it("a refused token shows the server's sentence and the way to a new link", async () => {
    open('#token=brukt');
    const error = 'Lenken er ugyldig eller utløpt. Be om en ny lenke.';
    fetchMock.mockResolvedValue(Response.json({ error, issues: [{ path: 'token', message: error }] }, { status: 400 }));
    await submit('password', 'en lang og god setning');
    expect(block('form').hidden).toBe(true);
    expect(block('invalid').hidden).toBe(false);
    expect(block('invalid').querySelector('[data-message]')?.textContent).toBe(error);
    expect(block('invalid').querySelector('a')?.getAttribute('href')).toBe('/glemt-passord');
  });

  it('without a token says the link is incomplete and sends nothing', () => {
    open('');
    expect(block('form').hidden).toBe(true);
    expect(block('missing').hidden).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
