import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../schemas/auth';
import { bodyOf, calls, type Handler, serve } from '../../testing/fetch';
import { resetAfterEach, testQueryClient, testUser } from '../../testing/render';
import type { Membership, PackageInfo } from './company.queries';
import { SeatCheckout } from './SeatCheckout';

const PRODUCT = 'GET /api/checkout/products/nettbasert-pakke';
const QUOTE = 'POST /api/checkout/quote';
const ORDER = 'POST /api/checkout/orders';
const COMPANIES = 'GET /api/companies';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The answer's shape as the server sends it: the price per seat is the product's. */
function info(extra: Partial<PackageInfo> = {}): PackageInfo {
  return {
    product: {
      id: 'package:nettbasert-pakke',
      kind: 'package',
      courseId: null,
      title: 'Nettbaserte Kurspakker',
      priceOre: 299_000,
      unitPriceOre: 299_000,
      vat: 'standard_25',
      vatRateBp: 2500,
      vatOre: 59_800,
      onSale: true,
      courses: [{ id: 'grunnleggende-ki', title: 'KI Grunnkurs' }],
      trial: { seats: 5, days: 7 },
    },
    offersInvoice: true,
    providers: [{ id: 'test', label: 'Testbetaling' }],
    consent: null,
    viewer: { firstName: 'Emma', lastName: 'Larsen', email: 'elev@demo.no', hasAccess: false, company: null, companies: [], trialAvailable: false },
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

const fjordtech: Membership = { id: 'c1', name: 'Fjordtech AS', orgNumber: '923609016', role: 'manager' };
const nordlys: Membership = { id: 'c2', name: 'Nordlys AS', orgNumber: '974760673', role: 'manager' };

/** The buyer manages no company unless `routes` says otherwise. */
function renderCheckout(routes: Record<string, Handler>, companyId: string | null = null) {
  serve({
    [QUOTE]: (init) => Response.json(quote((JSON.parse(String(init?.body)) as { quantity: number }).quantity)),
    [COMPANIES]: () => Response.json({ companies: [] }),
    ...routes,
  });
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <SeatCheckout contactEmail="kontakt@kiakademiet.no" navigate={navigate} quoteDelayMs={0} companyId={companyId} />
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
    expect(calls(COMPANIES)).toHaveLength(0);
  });

  it('shows the price per seat from the product the server sends', async () => {
    renderCheckout({ [PRODUCT]: () => Response.json(info()), 'GET /api/auth/user': me() });
    const hint = await screen.findByText(/per plass\. Hver ansatt bruker én plass\./);
    expect(plain(hint.textContent)).toBe('Fra 1 til 500 plasser, 2 990 kr per plass. Hver ansatt bruker én plass.');
    expect(document.body.textContent).not.toContain('NaN');
    expect(plain(screen.getByText(/^5 plasser ×/).textContent)).toBe('5 plasser × 2 990 kr');
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

    // A buyer who manages no company fills in a new one, with no choice to make.
    expect(screen.getByRole('group', { name: 'Bedriften' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Hvilken bedrift gjelder kjøpet?' })).toBeNull();

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
    expect(await screen.findByText('Skriv inn bedriftens navn')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Bedriftens navn')));
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

  it("puts the server's 400 under its field with focus there, then follows the provider's redirect", async () => {
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
    const pay = screen.getByRole('button', { name: /^Betal / });
    pay.focus();
    fireEvent.click(pay);
    expect(await screen.findByText('Organisasjonsnummeret er ikke gyldig')).toBeTruthy();
    const orgNumber = screen.getByLabelText('Organisasjonsnummer');
    expect(orgNumber.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(orgNumber.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Organisasjonsnummeret er ikke gyldig');
    await waitFor(() => expect(document.activeElement).toBe(orgNumber));
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /^Betal / }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/kasse/testbetaling?betaling=KIA-10'));
    expect(bodyOf(ORDER, 1)).toMatchObject({ provider: 'test', company: { poReference: 'PO-77' } });
    // The same order to the server on a retry.
    expect((bodyOf(ORDER, 0) as { idempotencyKey: string }).idempotencyKey).toBe((bodyOf(ORDER, 1) as { idempotencyKey: string }).idempotencyKey);
  });

  it('says nothing on leaving an untouched field, and checks a started one when it is left', async () => {
    renderCheckout({ [PRODUCT]: () => Response.json(info()), 'GET /api/auth/user': me() });
    await screen.findByRole('button', { name: /^Betal / });
    const name = screen.getByLabelText('Bedriftens navn');
    fireEvent.blur(name);
    const orgNumber = screen.getByLabelText('Organisasjonsnummer');
    fireEvent.change(orgNumber, { target: { value: '9236' } });
    expect(screen.queryByText('Organisasjonsnummeret må ha ni sifre')).toBeNull();
    fireEvent.blur(orgNumber);
    expect(await screen.findByText('Organisasjonsnummeret må ha ni sifre')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(orgNumber, { target: { value: '923 609 016' } });
    await waitFor(() => expect(orgNumber.getAttribute('aria-invalid')).toBeNull());
  });

  it('lets a manager buy more seats for a company they manage, sending its id and no company fields', async () => {
    const { navigate } = renderCheckout({
      [PRODUCT]: () => Response.json(info()),
      'GET /api/auth/user': me(),
      // A company the buyer is only a member of is not offered.
      [COMPANIES]: () => Response.json({ companies: [fjordtech, { id: 'c9', name: 'Vest AS', orgNumber: '1', role: 'member' }] }),
      [ORDER]: () => Response.json({ orderId: 'o3', reference: 'KIA-11', redirectUrl: '/bedrift?bedrift=c1' }, { status: 201 }),
    });
    expect(await screen.findByRole('heading', { name: 'Kjøp flere plasser til Fjordtech AS' })).toBeTruthy();
    const choice = screen.getByRole('group', { name: 'Hvilken bedrift gjelder kjøpet?' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((radio) => [(radio as HTMLInputElement).labels?.[0]?.textContent, (radio as HTMLInputElement).checked]),
    ).toEqual([
      ['Fjordtech AS', true],
      ['En ny bedrift', false],
    ]);
    expect(screen.queryByLabelText('Bedriftens navn')).toBeNull();
    expect(screen.getByText(/Plassene legges til/).textContent).toContain('Fjordtech AS');
    fireEvent.click(screen.getByRole('radio', { name: 'Faktura (14 dagers betalingsfrist)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bestill 5 plasser mot faktura' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/bedrift?bedrift=c1'));
    const body = bodyOf(ORDER) as Record<string, unknown>;
    expect(body).toMatchObject({ productId: 'package:nettbasert-pakke', quantity: 5, provider: 'invoice', companyId: 'c1' });
    expect(body).not.toHaveProperty('company');
  });

  it('opens with the company chosen on /bedrift, and a new company shows the form and sends no id', async () => {
    const { navigate } = renderCheckout(
      {
        [PRODUCT]: () => Response.json(info()),
        'GET /api/auth/user': me(),
        [COMPANIES]: () => Response.json({ companies: [fjordtech, nordlys] }),
        [ORDER]: () => Response.json({ orderId: 'o4', reference: 'KIA-12', redirectUrl: '/kasse/testbetaling?betaling=KIA-12' }, { status: 201 }),
      },
      'c2',
    );
    expect(await screen.findByRole('heading', { name: 'Kjøp flere plasser til Nordlys AS' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Nordlys AS' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Nordlys AS', description: 'Org.nr. 974 760 673' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'En ny bedrift' }));
    expect(screen.getByRole('heading', { name: 'Bestilling' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Den nye bedriften' })).toBeTruthy();
    fillCompany();
    fireEvent.click(screen.getByRole('button', { name: /^Betal / }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/kasse/testbetaling?betaling=KIA-12'));
    const body = bodyOf(ORDER) as Record<string, unknown>;
    expect(body).not.toHaveProperty('companyId');
    expect(body).toMatchObject({ provider: 'test', company: { name: 'Fjordtech AS', orgNumber: '923 609 016' } });
  });

  it("shows the server's sentence beside the payment choice when the invoice needs a confirmed e-mail address", async () => {
    const sentence = 'Bekreft e-postadressen din før du bestiller på faktura.';
    const { navigate } = renderCheckout({
      [PRODUCT]: () => Response.json(info()),
      'GET /api/auth/user': me({ emailVerified: false }),
      [COMPANIES]: () => Response.json({ companies: [fjordtech] }),
      [ORDER]: () => Response.json({ error: sentence, errorType: 'email_unverified' }, { status: 403 }),
    });
    await screen.findByRole('heading', { name: 'Kjøp flere plasser til Fjordtech AS' });
    fireEvent.click(screen.getByRole('radio', { name: 'Faktura (14 dagers betalingsfrist)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bestill 5 plasser mot faktura' }));
    const payment = screen.getByRole('group', { name: 'Betalingsmåte' });
    const alert = await within(payment).findByRole('alert');
    expect(alert.textContent).toContain(sentence);
    expect(within(alert).getByRole('link', { name: 'Gå til kontoen din' }).getAttribute('href')).toBe('/konto');
    expect(navigate).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Bestill 5 plasser mot faktura' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when the buyer’s companies cannot be read', async () => {
    renderCheckout({
      [PRODUCT]: () => Response.json(info()),
      'GET /api/auth/user': me(),
      [COMPANIES]: () => Response.json({ error: 'Noe gikk galt hos oss. Prøv igjen om litt.' }, { status: 500 }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Kunne ikke hente bedriftene dine.');
    expect(screen.queryByRole('button', { name: /^Betal / })).toBeNull();
  });

  it('offers the free trial as a third choice while the person has not had one: 0 kr, what the end means, and no order', async () => {
    const TRIAL = 'POST /api/company-trials';
    const trialInfo = info({
      product: { ...info().product, trial: { seats: 5, days: 7 } },
      viewer: { ...info().viewer!, trialAvailable: true },
    });
    const { navigate } = renderCheckout({
      [PRODUCT]: () => Response.json(trialInfo),
      'GET /api/auth/user': me(),
      [TRIAL]: () => Response.json({ companyId: 'c9', endsAt: '2026-12-05T10:00:00.000Z', message: 'ok' }, { status: 201 }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Prøv gratis i 7 dager' }));
    expect(screen.queryByLabelText('Antall plasser')).toBeNull();
    expect(screen.getByText('Gratis prøveperiode: 5 plasser i 7 dager')).toBeTruthy();
    expect(plain(screen.getByTestId('seat-total').textContent)).toBe('0 kr');
    expect(
      screen.getByText(/Ellers slutter den av seg selv: tilgangen til kursene tas tilbake, fremdriften lagres, og dere betaler ingenting\./),
    ).toBeTruthy();
    fillCompany();
    fireEvent.click(screen.getByRole('button', { name: 'Start gratis prøveperiode' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/bedrift?bedrift=c9'));
    expect(bodyOf(TRIAL)).toEqual({
      company: { name: 'Fjordtech AS', orgNumber: '923 609 016', invoiceEmail: 'faktura@fjordtech.no', invoiceAddress: 'Storgata 1\n0155 Oslo' },
    });
    expect(calls(ORDER)).toHaveLength(0);
  });

  it('does not offer the trial to a person who has had one', async () => {
    renderCheckout({
      [PRODUCT]: () =>
        Response.json(info({ product: { ...info().product, trial: { seats: 5, days: 7 } }, viewer: { ...info().viewer!, trialAvailable: false } })),
      'GET /api/auth/user': me(),
    });
    await screen.findByRole('radio', { name: 'Testbetaling' });
    expect(screen.queryByRole('radio', { name: 'Prøv gratis i 7 dager' })).toBeNull();
  });
});
