// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initInvitationPage, TOKEN_KEY } from './invitation-page';

/** src/pages/invitasjon.astro, reduced to what the script touches. */
const markup = `
  <div data-invitation>
    <h1 data-heading>Invitasjon</h1>
    <p data-state="loading">Henter invitasjonen …</p>
    <div data-state="create" hidden>
      <p><strong data-fill="email"></strong> <span data-fill="company"></span></p>
      <form data-create-form novalidate>
        <div role="alert" class="hidden" data-form-error></div>
        <input id="first-name" name="firstName" /><p data-field-error="firstName"></p>
        <input id="last-name" name="lastName" /><p data-field-error="lastName"></p>
        <input id="password" name="password" type="password" /><p data-field-error="password"></p>
        <button type="submit" data-pending-label="Oppretter konto...">Opprett konto og start</button>
      </form>
    </div>
    <div data-state="accept" hidden>
      <form data-accept-form novalidate>
        <div role="alert" class="hidden" data-form-error></div>
        <button type="submit">Ta imot invitasjonen</button>
      </form>
    </div>
    <div data-state="sign-in" hidden>
      <p data-signed-in-other hidden><span data-fill="signed-in-as"></span></p>
      <a href="/logg-inn?next=%2Finvitasjon" data-sign-in-link>Logg inn først</a>
    </div>
    <div data-state="blocked" hidden><p tabindex="-1" data-message></p></div>
    <div data-state="invalid" hidden><p tabindex="-1" data-message>Invitasjonen er ugyldig eller utløpt.</p></div>
    <div data-state="missing" hidden><p>Lenken er ufullstendig.</p></div>
  </div>`;

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

const block = (state: string) => document.querySelector<HTMLElement>(`[data-state="${state}"]`) as HTMLElement;
const visible = () => [...document.querySelectorAll<HTMLElement>('[data-state]')].filter((el) => !el.hidden).map((el) => el.dataset.state);
const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;
const bodyOf = (url: string) => JSON.parse(String(fetchMock.mock.calls.find(([u]) => u === url)?.[1]?.body)) as unknown;

const lookup = (extra: Record<string, unknown> = {}) =>
  Response.json({ companyName: 'Fjordtech AS', email: 'kari@fjordtech.no', accountExists: false, signedInAs: null, ...extra });

async function open(hash: string, navigate = vi.fn()) {
  window.history.replaceState(null, '', `/invitasjon${hash}`);
  document.body.innerHTML = markup;
  await initInvitationPage({ navigate });
  return navigate;
}

function submit(selector: string) {
  document.querySelector(selector)?.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
}

afterEach(() => {
  fetchMock.mockReset();
  window.sessionStorage.clear();
});

describe('/invitasjon', () => {
  it('takes the token out of the address bar, names the company and creates the account, then goes to /', async () => {
    fetchMock.mockResolvedValueOnce(lookup());
    const navigate = await open('#token=abc123');
    expect(window.location.hash).toBe('');
    expect(bodyOf('/api/invitations/lookup')).toEqual({ token: 'abc123' });
    expect(document.querySelector('[data-heading]')?.textContent).toBe('Du er invitert til Fjordtech AS');
    expect(visible()).toEqual(['create']);
    expect(block('create').textContent).toContain('kari@fjordtech.no');

    fetchMock.mockResolvedValueOnce(Response.json({ coursePath: '/', message: 'Velkommen!' }));
    input('firstName').value = 'Kari';
    input('lastName').value = 'Nordmann';
    input('password').value = 'en lang og god setning';
    submit('[data-create-form]');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(bodyOf('/api/invitations/accept')).toEqual({
      token: 'abc123',
      firstName: 'Kari',
      lastName: 'Nordmann',
      password: 'en lang og god setning',
    });
  });

  it('shows the password rule under its field', async () => {
    fetchMock.mockResolvedValueOnce(lookup());
    await open('#token=abc123');
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { error: 'Passordet må ha minst 8 tegn', issues: [{ path: 'password', message: 'Passordet må ha minst 8 tegn' }] },
        { status: 400 },
      ),
    );
    submit('[data-create-form]');
    await vi.waitFor(() => expect(document.querySelector('[data-field-error="password"]')?.textContent).toBe('Passordet må ha minst 8 tegn'));
    expect(visible()).toEqual(['create']);
  });

  it("lets the account's owner, signed in, take the invitation", async () => {
    fetchMock.mockResolvedValueOnce(lookup({ accountExists: true, signedInAs: 'Kari@Fjordtech.no' }));
    const navigate = await open('#token=abc123');
    expect(visible()).toEqual(['accept']);
    fetchMock.mockResolvedValueOnce(Response.json({ coursePath: '/', message: 'Velkommen!' }));
    submit('[data-accept-form]');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(bodyOf('/api/invitations/accept')).toEqual({ token: 'abc123' });
  });

  it('asks to sign in as the invited address first, keeping the token for the way back', async () => {
    fetchMock.mockResolvedValueOnce(lookup({ accountExists: true, signedInAs: 'noen@annen.no' }));
    await open('#token=abc123');
    expect(visible()).toEqual(['sign-in']);
    const link = document.querySelector<HTMLAnchorElement>('[data-sign-in-link]') as HTMLAnchorElement;
    expect(link.textContent).toBe('Logg inn som kari@fjordtech.no først');
    expect(link.getAttribute('href')).toBe('/logg-inn?next=%2Finvitasjon');
    expect(document.querySelector<HTMLElement>('[data-signed-in-other]')?.hidden).toBe(false);
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe('abc123');

    // Back from signing in: no fragment, the kept token.
    fetchMock.mockResolvedValueOnce(lookup({ accountExists: true, signedInAs: 'kari@fjordtech.no' }));
    await open('');
    expect(fetchMock.mock.calls.at(-1)?.[1]?.body).toBe(JSON.stringify({ token: 'abc123' }));
    expect(visible()).toEqual(['accept']);
    fetchMock.mockResolvedValueOnce(Response.json({ coursePath: '/' }));
    submit('[data-accept-form]');
    await vi.waitFor(() => expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull());
  });

  it('says so when the company has no free seat', async () => {
    fetchMock.mockResolvedValueOnce(lookup({ accountExists: true, signedInAs: 'kari@fjordtech.no' }));
    await open('#token=abc123');
    const message = 'Alle plassene til Fjordtech AS er i bruk. Be den som inviterte deg om å kjøpe flere plasser.';
    fetchMock.mockResolvedValueOnce(Response.json({ error: message, errorType: 'no_free_seats' }, { status: 409 }));
    submit('[data-accept-form]');
    await vi.waitFor(() => expect(visible()).toEqual(['blocked']));
    const text = block('blocked').querySelector('[data-message]');
    expect(text?.textContent).toBe(message);
    expect(document.activeElement).toBe(text);
  });

  it('shows an invalid or expired invitation, and an incomplete link', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Invitasjonen er ugyldig eller utløpt.' }, { status: 400 }));
    await open('#token=brukt');
    expect(visible()).toEqual(['invalid']);
    expect(block('invalid').textContent).toContain('Invitasjonen er ugyldig eller utløpt.');

    fetchMock.mockReset();
    await open('');
    expect(visible()).toEqual(['missing']);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
