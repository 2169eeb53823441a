import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyCertificate } from '../../schemas/certificates';
import { serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach } from '../../testing/render';
import { CertificatesCard } from './CertificatesCard';

const certificate: MyCertificate = {
  id: 'c1',
  code: 'A1B2C-3D4E5-F6A7B-8C9D0',
  courseId: 'grunnleggende-ki',
  courseTitle: 'KI Grunnkurs',
  courseHours: '6 timer',
  learnerName: 'Åse Ødegård',
  completedAt: '2026-11-25T12:00:00Z',
  issuedAt: '2026-11-25T12:00:00Z',
  revokedAt: null,
  verifyUrl: 'https://kiakademiet.no/bevis/A1B2C-3D4E5-F6A7B-8C9D0',
  pdfPath: '/api/certificates/c1/pdf',
  linkedInUrl: 'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=Kursbevis%3A+KI+Grunnkurs',
};

resetAfterEach();

describe("the dashboard's 'Kursbevis' (issue 25)", () => {
  it('lists each certificate with its PDF, its verification page and LinkedIn; a revoked one offers neither', async () => {
    serve({
      'GET /api/certificates': () =>
        Response.json([
          certificate,
          { ...certificate, id: 'c2', courseId: 'ki-for-kontoret', courseTitle: 'KI for Kontoret', revokedAt: '2026-11-26T08:00:00Z' },
        ]),
    });
    renderInApp(<CertificatesCard />);
    const card = screen.getByRole('region', { name: 'Kursbevis' });
    const [first, second] = await within(card).findAllByRole('listitem');
    expect(first!.textContent).toContain('Fullført 25. november 2026 · 6 timer · Kode A1B2C-3D4E5-F6A7B-8C9D0');
    const download = within(first!).getByRole('link', { name: 'Last ned kursbevis for KI Grunnkurs' });
    expect(download.getAttribute('href')).toBe('/api/certificates/c1/pdf');
    expect(download.hasAttribute('download')).toBe(true);
    expect(within(first!).getByRole('link', { name: 'Se bevisets side for KI Grunnkurs' }).getAttribute('href')).toBe(certificate.verifyUrl);
    const linkedIn = within(first!).getByRole('link', { name: 'Del på LinkedIn for KI Grunnkurs (åpnes i en ny fane)' });
    expect(linkedIn.getAttribute('href')).toBe(certificate.linkedInUrl);
    expect(linkedIn.getAttribute('rel')).toBe('noopener noreferrer');
    expect(second!.textContent).toContain('Trukket tilbake');
    expect(within(second!).queryAllByRole('link')).toEqual([]);
  });

  it('says how to get one while there are none', async () => {
    serve({ 'GET /api/certificates': () => Response.json([]) });
    renderInApp(<CertificatesCard />);
    expect(await screen.findByText('Når du fullfører et kurs, får du et kursbevis her som du kan laste ned og dele.')).toBeTruthy();
  });
});
