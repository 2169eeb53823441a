import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserEffects } from '../../lib/session-expired';
import type { CurrentUser } from '../../schemas/auth';
import { type AccessGateProps, ADMIN_NO_ACCESS_TEXT, AccessGate } from './AccessGate';
import { fetchMock } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';

const user = (role: CurrentUser['role']): CurrentUser => testUser({ role });

const answerUser = (u: CurrentUser | null) =>
  fetchMock.mockImplementation(async () => (u ? Response.json(u) : Response.json({ error: 'Unauthorized' }, { status: 401 })));

let navigate: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  navigate = vi.spyOn(browserEffects, 'navigate').mockImplementation(() => {});
  window.history.replaceState(null, '', '/admin?fane=innhold');
});
resetAfterEach(() => vi.restoreAllMocks());

/** Renders a gate in a fresh app root; `page` records every user it was rendered for. */
function renderGate(props: Omit<AccessGateProps, 'children'>) {
  const page = vi.fn((u: CurrentUser) => <h1>Beskyttet side for {u.firstName}</h1>);
  renderInApp(<AccessGate {...props}>{page}</AccessGate>);
  return { page };
}

describe('AccessGate', () => {
  it('shows only a neutral placeholder while the user is loading', async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    const { page } = renderGate({ allow: ['admin', 'superuser'] });
    await waitFor(() => expect(document.querySelector('[data-access="pending"]')).not.toBeNull());
    expect(fetchMock.mock.lastCall?.[0]).toBe('/api/auth/user');
    expect(page).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('sends an anonymous visitor to /api/login with the current path and query as next, rendering nothing protected', async () => {
    answerUser(null);
    const { page } = renderGate({ allow: ['admin', 'superuser'] });
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(navigate).toHaveBeenCalledWith('/api/login?next=%2Fadmin%3Ffane%3Dinnhold');
    expect(page).not.toHaveBeenCalled();
    expect(screen.queryByText(/Beskyttet/)).toBeNull();
    expect(screen.queryByText('Ingen tilgang')).toBeNull();
    expect(document.querySelector('[data-access="pending"]')).not.toBeNull();
  });

  it('lets a page choose another way for anonymous visitors (the dashboard keeps the landing page)', async () => {
    answerUser(null);
    const onAnonymous = vi.fn();
    const { page } = renderGate({ allow: 'user', onAnonymous, anonymous: null, pending: null });
    await waitFor(() => expect(onAnonymous).toHaveBeenCalledTimes(1));
    expect(navigate).not.toHaveBeenCalled();
    expect(page).not.toHaveBeenCalled();
    expect(document.body.textContent).toBe('');
  });

  it("shows 'Ingen tilgang' with the page's sentence to a user without an allowed role", async () => {
    answerUser(user('individual'));
    const { page } = renderGate({ allow: ['admin', 'superuser'], noAccessText: ADMIN_NO_ACCESS_TEXT });
    expect(await screen.findByRole('heading', { name: 'Ingen tilgang' })).toBeTruthy();
    expect(screen.getByText(ADMIN_NO_ACCESS_TEXT)).toBeTruthy();
    expect(page).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('renders the page for a user with an allowed role', async () => {
    answerUser(user('admin'));
    const { page } = renderGate({ allow: ['admin', 'superuser'] });
    expect(await screen.findByRole('heading', { name: 'Beskyttet side for Emma' })).toBeTruthy();
    expect(page).toHaveBeenCalledWith(expect.objectContaining({ role: 'admin', email: 'elev@demo.no' }));
    expect(screen.queryByText('Ingen tilgang')).toBeNull();
  });

  it("lets any signed-in role through 'user'", async () => {
    answerUser(user('company_admin'));
    renderGate({ allow: 'user' });
    expect(await screen.findByRole('heading', { name: 'Beskyttet side for Emma' })).toBeTruthy();
  });

  it('offers to try again when the user cannot be read, without rendering the page', async () => {
    fetchMock.mockImplementation(async () => Response.json({ error: 'Databasen svarer ikke' }, { status: 503 }));
    const { page } = renderGate({ allow: 'user' });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prøv igjen' })).toBeTruthy();
    expect(page).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
