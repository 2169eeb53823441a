import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import { AppHeader } from './AppHeader';

const user = (emailVerified: boolean) => testUser({ email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann', emailVerified });

resetAfterEach();

describe('the app header', () => {
  it("asks a user with an unconfirmed address to confirm it, and 'Send lenken på nytt' shows the server's answer", async () => {
    serve({
      'POST /api/auth/verify-email/resend': () => Response.json({ message: 'Vi har sendt en ny lenke til kari@example.no.' }, { status: 202 }),
    });
    renderInApp(<AppHeader user={user(false)} current="dashboard" />);
    expect(screen.getByText('Bekreft e-postadressen din')).toBeTruthy();
    expect(screen.getByText('Vi har sendt en lenke til', { exact: false }).textContent).toBe('Vi har sendt en lenke til kari@example.no.');
    fireEvent.click(screen.getByRole('button', { name: 'Send lenken på nytt' }));
    expect(await screen.findByText('Vi har sendt en ny lenke til kari@example.no.')).toBeTruthy();
    expect(bodyOf('POST /api/auth/verify-email/resend')).toEqual({});
  });

  it('shows a refusal to send again (asked too often)', async () => {
    serve({
      'POST /api/auth/verify-email/resend': () => Response.json({ error: 'Du har bedt om for mange lenker. Prøv igjen om litt.' }, { status: 429 }),
    });
    renderInApp(<AppHeader user={user(false)} current="dashboard" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send lenken på nytt' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Du har bedt om for mange lenker. Prøv igjen om litt.');
  });

  it('has no banner for a confirmed address, nor for a user the server says nothing about', () => {
    renderInApp(
      <>
        <AppHeader user={user(true)} current="dashboard" />
        <AppHeader user={testUser()} current="dashboard" />
      </>,
    );
    expect(screen.queryByText('Bekreft e-postadressen din')).toBeNull();
  });

  it("the user menu shows the user's own name and initials, and 'Profil' and 'Innstillinger' lead to /konto", async () => {
    renderInApp(<AppHeader user={user(true)} current="dashboard" />);
    const trigger = screen.getByRole('button', { name: 'Brukermeny for Kari Nordmann' });
    expect(within(trigger).getByText('KN')).toBeTruthy();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profil' }).getAttribute('href')).toBe('/konto');
    expect(within(menu).getByRole('menuitem', { name: 'Innstillinger' }).getAttribute('href')).toBe('/konto#innstillinger');
    expect(within(menu).queryByText('Kommer snart')).toBeNull();
  });
});
