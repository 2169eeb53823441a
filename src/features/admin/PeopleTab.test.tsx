import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PersonDetail, PersonSummary } from '../../schemas/admin-shop';
import { bodyOf, calls, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach } from '../../testing/render';
import PeopleTab from './PeopleTab';

const person: PersonSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Emma Larsen',
  email: 'elev@demo.no',
  role: 'individual',
  isActive: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  companies: [],
};
const detail: PersonDetail = {
  person,
  courses: [],
  orders: [],
  grants: [],
  catalogue: [{ id: 'grunnleggende-ki', title: 'Grunnleggende KI' }],
};
const GRANT = `POST /api/admin/people/${person.id}/access`;

resetAfterEach();

describe("the 'Brukere' tab's 'Gi tilgang'", () => {
  it("asks for a course and a reason in the form's words, then puts the server's message under its field with focus there", async () => {
    serve({
      'GET /api/admin/people': () => Response.json([person]),
      [`GET /api/admin/people/${person.id}`]: () => Response.json(detail),
      [GRANT]: () =>
        Response.json({ error: 'Ugyldig forespørsel', issues: [{ path: 'reason', message: 'Begrunnelsen kan ha høyst 500 tegn' }] }, { status: 400 }),
    });
    renderInApp(<PeopleTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Åpne Emma Larsen' }));
    const form = await screen.findByRole('form', { name: 'Gi tilgang' });
    const course = within(form).getByLabelText('Kurs');
    const reason = within(form).getByLabelText('Begrunnelse');
    const submit = within(form).getByRole('button', { name: 'Gi tilgang' });

    fireEvent.click(submit);
    expect(await within(form).findByText('Velg et kurs')).toBeTruthy();
    expect(within(form).getByText('Skriv en begrunnelse')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(course));
    expect(calls(GRANT)).toHaveLength(0);

    fireEvent.change(course, { target: { value: 'grunnleggende-ki' } });
    fireEvent.change(reason, { target: { value: 'Avtalt på telefon' } });
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Begrunnelsen kan ha høyst 500 tegn');
    expect(course.hasAttribute('aria-invalid')).toBe(false);
    expect(bodyOf(GRANT)).toEqual({ courseId: 'grunnleggende-ki', reason: 'Avtalt på telefon' });
  });
});
