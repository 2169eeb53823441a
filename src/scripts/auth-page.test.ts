// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initAuthPage } from './auth-page';

/** The sign-in form of src/pages/logg-inn.astro, reduced to what the script touches. */
const markup = `
  <form data-auth-form novalidate>
    <div role="alert" class="hidden" data-form-error></div>
    <div data-only="register" hidden>
      <input id="first-name" name="firstName" /><p data-field-error="firstName"></p>
      <input id="last-name" name="lastName" /><p data-field-error="lastName"></p>
    </div>
    <input id="email" name="email" type="email" /><p data-field-error="email"></p>
    <input id="password" name="password" type="password" /><p data-field-error="password"></p>
    <button type="submit" data-only="login" data-pending-label="Logger inn...">Logg inn</button>
    <button type="submit" data-only="register" data-pending-label="Oppretter konto..." hidden>Opprett konto</button>
  </form>`;

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

const form = () => document.querySelector<HTMLFormElement>('[data-auth-form]') as HTMLFormElement;
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;
const fieldError = (name: string) => document.querySelector(`[data-field-error="${name}"]`)?.textContent;
const formError = () => document.querySelector<HTMLElement>('[data-form-error]') as HTMLElement;

async function submit(email: string, password: string) {
  field('email').value = email;
  field('password').value = password;
  form().dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
  await vi.waitFor(() => expect(document.querySelector<HTMLButtonElement>('button[data-only="login"]')?.disabled).toBe(false));
}

beforeEach(() => {
  window.history.replaceState(null, '', '/logg-inn?next=%2Fadmin');
  document.body.innerHTML = markup;
  initAuthPage();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

describe('the sign-in page script', () => {
  it('posts the form as JSON with credentials through the shared client, then goes to the safe next path', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fetchMock.mockResolvedValue(Response.json({ user: {} }));
    await submit('elev@demo.no', 'demo1234');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'elev@demo.no', password: 'demo1234' }),
      credentials: 'include',
    });
    expect(assign).toHaveBeenCalledWith('/admin');
  });

  it("puts the API's field issues next to their fields and focuses the first", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: 'Ugyldig forespørsel', issues: [{ path: 'email', message: 'Skriv inn en gyldig e-postadresse' }] }, { status: 400 }),
    );
    await submit('ikke-en-adresse', 'demo1234');
    expect(fieldError('email')).toBe('Skriv inn en gyldig e-postadresse');
    expect(field('email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('email'));
    expect(formError().classList.contains('hidden')).toBe(true);
  });

  it("shows the API's message above the form when no issue names a field", async () => {
    fetchMock.mockResolvedValue(Response.json({ error: 'Feil e-post eller passord.' }, { status: 401 }));
    await submit('elev@demo.no', 'feil');
    expect(formError().textContent).toBe('Feil e-post eller passord.');
    expect(formError().classList.contains('hidden')).toBe(false);
    expect(fieldError('email')).toBe('');
  });

  it('falls back to a general message for a body without a text, and to a network message when the server is unreachable', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<h1>Bad Gateway</h1>', { status: 502 }));
    await submit('elev@demo.no', 'demo1234');
    expect(formError().textContent).toBe('Noe gikk galt. Prøv igjen om litt.');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await submit('elev@demo.no', 'demo1234');
    expect(formError().textContent).toBe('Kunne ikke kontakte serveren. Sjekk nettforbindelsen og prøv igjen.');
  });
});
