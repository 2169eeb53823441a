import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCertificate } from '../../schemas/certificates';
import { bodyOf, calls, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach } from '../../testing/render';
import CertificatesTab from './CertificatesTab';

const certificate: AdminCertificate = {
  id: '00000000-0000-4000-8000-0000000000c1',
  code: 'A1B2C-3D4E5-F6A7B-8C9D0',
  learnerName: 'Emma Larsen',
  email: 'elev@demo.no',
  courseTitle: 'Grunnleggende KI',
  completedAt: '2026-11-20T10:00:00.000Z',
  issuedAt: '2026-11-20T10:00:00.000Z',
  revokedAt: null,
  revokedReason: null,
  revokedBy: null,
  verifyPath: '/bevis/A1B2C3D4E5F6A7B8C9D0',
  pdfPath: '/api/certificates/c1/pdf',
};
const REVOKE = `POST /api/admin/certificates/${certificate.id}/revoke`;

resetAfterEach();

describe("the 'Kursbevis' tab's 'Trekk tilbake'", () => {
  it("asks for a reason with the schema's message, then puts the server's message under it with focus there", async () => {
    serve({
      'GET /api/admin/certificates': () => Response.json([certificate]),
      [REVOKE]: () =>
        Response.json({ error: 'Ugyldig forespørsel', issues: [{ path: 'reason', message: 'Begrunnelsen kan ha høyst 500 tegn' }] }, { status: 400 }),
    });
    renderInApp(<CertificatesTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Trekk tilbake kursbeviset til Emma Larsen' }));
    const dialog = screen.getByRole('dialog', { name: 'Trekke tilbake kursbeviset?' });
    const reason = within(dialog).getByLabelText('Begrunnelse');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Trekk tilbake' }));
    expect(await within(dialog).findByText('Skriv en begrunnelse')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(calls(REVOKE)).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'Feil kurs' } });
    const submit = within(dialog).getByRole('button', { name: 'Trekk tilbake' });
    submit.focus();
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Begrunnelsen kan ha høyst 500 tegn')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Begrunnelsen kan ha høyst 500 tegn');
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(bodyOf(REVOKE)).toEqual({ reason: 'Feil kurs' });
  });
});
