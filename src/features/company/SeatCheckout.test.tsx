import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../schemas/auth';
import { bodyOf, calls, type Handler, serve } from '../../testing/fetch';
import { resetAfterEach, testQueryClient, testUser } from '../../testing/render';
import type { CompanyOverview, PackageInfo } from './company.queries';
import { orgNumberError } from './company-rules';
import { SeatCheckout } from './SeatCheckout';

const PRODUCT = 'GET /api/checkout/products/nettbasert-pakke';
const QUOTE = 'POST /api/checkout/quote';
const ORDER = 'POST /api/checkout/orders';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function info(extra: Partial<PackageInfo> = {}): PackageInfo {
  return {
    kind: 'package',
    product: {
      id: 'package:nettbasert-pakke',
      courseId: '',
      title: 'Nettbaserte Kurspakker',
      priceOre: 299_000,
      vat: 'standard_25',
      vatRateBp: 2500,
      vatOre: 59_800,
      onSale: true,
    },
    unitPriceOre: 299_000,
    courses: [{ id: 'grunnleggende-ki', title: 'KI Grunnkurs' }],
    offersInvoice: true,
    providers: [
      { id: 'test', label: 'Testbetaling' },
      { id: 'invoice', label: 'Faktura' },
    ],
    consent: { version: '2026-11', text: 'Samtykke' },
    viewer: { firstName: 'Emma', lastName: 'Larsen', email: 'elev@demo.no', hasAccess: false },
    ...extra,
  };
}

const quote = (quantity: number) => ({
  listPriceOre: 299_000 * quantity,
  discountOre: 0,
  totalOre: 299_000 * quantity,
  vatOre: 59_800 * quantity,
  unitPriceOre: 299_000,
  quantity,
});

function renderCheckout(routes: Record<string, Handler>) {
  serve({ [QUOTE]: (init) => Response.json(quote((JSON.parse(String(init?.body)) as { quantity: number }).quantity)), ...routes });
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <SeatCheckout contactEmail="kontakt@kiakademiet.no" navigate={navigate} quoteDelayMs={0} />
    </QueryClientProvider>,
  );
  return { navigate };
}

const me =
  (extra: Partial<CurrentUser> = {}) =>
  () =>
    Response.json(testUser(extra));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillCompany() {
  type('Bedriftens navn', 'Fjordtech AS');
  type('Organisasjonsnummer', '923 609 016');
  type('Fakturaadresse', 'Storgata 1\n0155 Oslo');
  type('E-post for faktura', 'faktura@fjordtech.no');
}

resetAfterEach();

describe('the seat checkout', () => {
  it('asks an anonymous visitor to sign in or register, with the way back', async () => {
    renderCheckout({ [PRODUCT]: () => Response.json(info({ viewer: null })), 'GET /api/auth/user': () => new Response('', { status: 401 }) });
    expect(await screen.findByText('Logg inn eller opprett konto for å kjøpe plasser')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Logg inn' }).getAttribute('href')).toBe('/logg-inn?next=%2Fkasse%2Fnettbasert-pakke');
    expect(screen.getByRole('link', { name: 'Opprett konto' }).getAttribute('href')).toBe('/registrer?next=%2Fkasse%2Fnettbasert-pakke');
    expect(screen.queryByRole('button', { name: /^Betal/ })).toBeNull();
  });

  it('shows the live total with VAT from the quote as the seat count changes, and names it on the button', async () => {
    renderCheckout({ [PRODUCT]: () => Response.json(info()), 'GET /api/auth/user': me() });
    const pay = await screen.findByRole('button', { name: /^Betal / });
    expect(plain(pay.textContent)).toBe('Betal 14 950 kr');
    await waitFor(() => expect(calls(QUOTE)).toHaveLength(1));
    expect(bodyOf(QUOTE)).toEqual({ productId: 'package:nettbasert-pakke', quantity: 5 });

    fireEvent.click(screen.getByRole('button', { name: 'Én plass mer' }));
    await waitFor(() => expect(bodyOf(QUOTE, 1)).toEqual({ productId: 'package:nettbasert-pakke', quantity: 6 }));
    await waitFor(() => expect(plain(screen.getByTestId('seat-total').textContent)).toBe('17 940 kr'));
    expect(plain(screen.getByText(/herav mva\./).textContent)).toContain('3 588 kr');

    // Typed counts stay within 1–500.
    type('Antall plasser', '900');
    await waitFor(() => expect(plain(screen.getByRole('button', { name: /^Betal / }).textContent)).toBe('Betal 1 495 000 kr'));
    fireEvent.blur(screen.getByLabelText('Antall plasser'));
    expect((screen.getByLabelText('Antall plasser') as HTMLInputElement).value).toBe('500');
    expect((screen.getByRole('button', { name: 'Én plass mer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the company fields before ordering, and an invoice order goes to /bedrift', async () => {
    const { navigate } = renderCheckout({
      [PRODUCT]: () => Response.json(info()),
      'GET /api/auth/user': me(),
      [ORDER]: () => Response.json({ orderId: 'o1', reference: 'KIA-9', redirectUrl: '/bedrift' }, { status: 201 }),
    });
    await screen.findByRole('button', { name: /^Betal / });
    fireEvent.click(screen.getByRole('radio', { name: 'Faktura (14 dagers betalingsfrist)' }));
    const order = screen.getByRole('button', { name: 'Bestill 5 plasser mot faktura' });
    fireEvent.click(order);
    expect(await screen.findByText('Skriv inn navnet på bedriften.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Bedriftens navn'));
    expect(calls(ORDER)).toHaveLength(0);

    fillCompany();
    type('Organisasjonsnummer', '923 609 017');
    fireEvent.click(order);
    expect(await screen.findByText('Organisasjonsnummeret er ikke gyldig')).toBeTruthy();
    type('Organisasjonsnummer', '923 609 016');
    fireEvent.click(order);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/bedrift'));
    const body = bodyOf(ORDER) as Record<string, unknown>;
    expect(body).toMatchObject({
      productId: 'package:nettbasert-pakke',
      quantity: 5,
      provider: 'invoice',
      company: { name: 'Fjordtech AS', orgNumber: '923 609 016', invoiceEmail: 'faktura@fjordtech.no', invoiceAddress: 'Storgata 1\n0155 Oslo' },
    });
    expect(body.company).not.toHaveProperty('poReference');
    expect(typeof body.idempotencyKey).toBe('string');
    expect(body).not.toHaveProperty('consent');
  });

  it("follows a provider's redirect, and shows the server's field message under its field", async () => {
    let attempt = 0;
    const { navigate } = renderCheckout({
      [PRODUCT]: () => Response.json(info()),
      'GET /api/auth/user': me(),
      [ORDER]: () =>
        ++attempt === 1
          ? Response.json(
              {
                error: 'Organisasjonsnummeret er ikke gyldig',
                issues: [{ path: 'company.orgNumber', message: 'Organisasjonsnummeret er ikke gyldig' }],
              },
              { status: 400 },
            )
          : Response.json({ orderId: 'o2', reference: 'KIA-10', redirectUrl: '/kasse/testbetaling?betaling=KIA-10' }, { status: 201 }),
    });
    await screen.findByRole('button', { name: /^Betal / });
    fillCompany();
    type('Innkjøpsreferanse (valgfritt)', 'PO-77');
    fireEvent.click(screen.getByRole('button', { name: /^Betal / }));
    expect(await screen.findByText('Organisasjonsnummeret er ikke gyldig')).toBeTruthy();
    expect(screen.getByLabelText('Organisasjonsnummer').getAttribute('aria-invalid')).toBe('true');
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /^Betal / }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/kasse/testbetaling?betaling=KIA-10'));
    expect(bodyOf(ORDER, 1)).toMatchObject({ provider: 'test', company: { poReference: 'PO-77' } });
    // The same order to the server on a retry.
    expect((bodyOf(ORDER, 0) as { idempotencyKey: string }).idempotencyKey).toBe((bodyOf(ORDER, 1) as { idempotencyKey: string }).idempotencyKey);
  });

  it('lets a company admin buy more seats for the company without the company fields', async () => {
    const overview: CompanyOverview = {
      company: { id: 'c1', name: 'Fjordtech AS', orgNumber: '923609016', invoiceEmail: 'f@f.no', invoiceAddress: 'Oslo', poReference: null },
      seats: { total: 5, used: 5, free: 0 },
      package: { productId: 'package:nettbasert-pakke', title: 'Nettbaserte Kurspakker', courses: [] },
      invitationsPending: 0,
    };
    const { navigate } = renderCheckout({
      [PRODUCT]: () => Response.json(info()),
      'GET /api/auth/user': me({ role: 'company_admin', companyId: 'c1' }),
      'GET /api/company': () => Response.json(overview),
      [ORDER]: () => Response.json({ orderId: 'o3', reference: 'KIA-11', redirectUrl: '/bedrift' }, { status: 201 }),
    });
    expect(await screen.findByRole('heading', { name: 'Kjøp flere plasser til Fjordtech AS' })).toBeTruthy();
    expect(screen.queryByLabelText('Bedriftens navn')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Faktura (14 dagers betalingsfrist)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bestill 5 plasser mot faktura' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/bedrift'));
    expect(bodyOf(ORDER)).not.toHaveProperty('company');
  });
});

describe('orgNumberError', () => {
  it('wants nine digits with a valid mod-11 check digit, spaces allowed', () => {
    expect(orgNumberError('923 609 016')).toBeUndefined();
    expect(orgNumberError('923609016')).toBeUndefined();
    expect(orgNumberError('92360901')).toBe('Organisasjonsnummeret må ha ni sifre');
    expect(orgNumberError('92360901x')).toBe('Organisasjonsnummeret må ha ni sifre');
    expect(orgNumberError('923609017')).toBe('Organisasjonsnummeret er ikke gyldig');
  });
});
