import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { NETWORK_ERROR } from '../../lib/form-errors';
import { profileBody } from '../../schemas/account';
import { fetchMock, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach } from '../../testing/render';
import { Button } from './Button';
import { Form, FormError, TextField, useSchemaForm } from './form';

type Profile = z.input<typeof profileBody>;

function ProfileForm() {
  const form = useSchemaForm(profileBody, { firstName: 'Emma', lastName: 'Larsen' });
  const save = useMutation({ mutationFn: (values: Profile) => apiRequest('PATCH', '/api/account', values) });
  return (
    <Form form={form} onSubmit={(values) => save.mutateAsync(values)}>
      <TextField<Profile> name="firstName" label="Fornavn" hint="Slik det står på bevisene." />
      <TextField<Profile> name="lastName" label="Etternavn" />
      <FormError />
      <Button type="submit">Lagre</Button>
    </Form>
  );
}

const json = (body: unknown, status = 200) => Response.json(body, { status });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

resetAfterEach();

describe('the forms layer', () => {
  it("checks the values with the server's schema first: its Norwegian message under the field, focus there, nothing sent", async () => {
    renderInApp(<ProfileForm />);
    fireEvent.change(input('Etternavn'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(input('Etternavn').getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(input('Etternavn'))).toBe('Skriv inn etternavn');
    expect(document.activeElement).toBe(input('Etternavn'));
    expect(input('Fornavn').hasAttribute('aria-invalid')).toBe(false);
    expect(describedBy(input('Fornavn'))).toBe('Slik det står på bevisene.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts a 400's issues on their fields and moves focus to the first one on the page", async () => {
    serve({
      'PATCH /api/account': () =>
        json(
          {
            error: 'Ugyldig forespørsel',
            issues: [
              { path: 'lastName', message: 'Etternavnet er opptatt' },
              { path: 'firstName', message: 'Fornavnet er opptatt' },
            ],
          },
          400,
        ),
    });
    renderInApp(<ProfileForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(document.activeElement).toBe(input('Fornavn')));
    expect(input('Fornavn').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input('Fornavn'))).toBe('Slik det står på bevisene. | Fornavnet er opptatt');
    expect(describedBy(input('Etternavn'))).toBe('Etternavnet er opptatt');
    expect(screen.queryByRole('alert')).toBeNull();

    // Sent again and accepted: the messages go.
    serve({ 'PATCH /api/account': () => json({}) });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(input('Fornavn').hasAttribute('aria-invalid')).toBe(false));
    expect(input('Etternavn').hasAttribute('aria-invalid')).toBe(false);
  });

  it("shows an issue for no field, a refusal's own sentence and a network failure as the form's message", async () => {
    serve({ 'PATCH /api/account': () => json({ error: 'Ugyldig', issues: [{ path: '', message: 'Forespørselen må være et JSON-objekt' }] }, 400) });
    renderInApp(<ProfileForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Forespørselen må være et JSON-objekt');

    serve({ 'PATCH /api/account': () => json({ error: 'For mange forsøk. Vent litt.' }, 429) });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('For mange forsøk. Vent litt.'));

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NETWORK_ERROR));
  });
});
