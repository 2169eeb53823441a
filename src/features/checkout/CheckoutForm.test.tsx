import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutInfo, CheckoutViewer } from '../../schemas/checkout';
import { bodyOf, calls, serve } from '../../testing/fetch';
import { resetAfterEach, testQueryClient } from '../../testing/render';
import { CheckoutForm } from './CheckoutForm';

const CONSENT = 'Jeg ber om å få tilgang til kurset med en gang, og forstår at angreretten da går tapt';
const PRODUCT_URL = 'GET /api/checkout/products/ki-for-kontoret';

function info(extra: Partial<CheckoutInfo> = {}): CheckoutInfo {
  return {
    product: {
      id: 'course:ki-for-kontoret',
      courseId: 'ki-for-kontoret',
      title: 'KI for Kontoret',
      priceOre: 199_000,
      vat: 'standard_25',
      vatRateBp: 2500,
      vatOre: 39_800,
      onSale: true,
    },
    providers: [
      { id: 'vipps', label: 'Vipps' },
      { id: 'test', label: 'Testbetaling' },
    ],
    offersInvoice: false,
    consent: { version: '2026-11-25', text: CONSENT },
    viewer: null,
    ...extra,
  };
}

const viewer: CheckoutViewer = { firstName: 'Emma', lastName: 'Larsen', email: 'elev@demo.no', hasAccess: false };
const created = { orderId: 'o1', reference: 'KIA-1', redirectUrl: '/kasse/testbetaling?betaling=KIA-1' };

function renderForm() {
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <CheckoutForm courseId="ki-for-kontoret" contactEmail="kontakt@kiakademiet.no" navigate={navigate} />
    </QueryClientProvider>,
  );
  return { navigate };
}

const payButton = () => screen.findByRole('button', { name: /^Betal / });
const consent = () => screen.getByRole('checkbox', { name: CONSENT });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillGuest() {
  type('Fornavn', 'Ola');
  type('Etternavn', 'Nordmann');
  type('E-post', 'ola@example.no');
}

resetAfterEach();

describe('the checkout form', () => {
  it("names the price on the button, 'Betal 1 990 kr', and keeps it disabled until the consent is ticked", async () => {
    serve({ [PRODUCT_URL]: () => Response.json(info({ viewer })) });
    renderForm();
    const button = await payButton();
    expect(button.textContent).toBe('Betal 1\u00a0990\u00a0kr');
    expect(screen.getByText('Du handler som', { exact: false }).textContent).toBe('Du handler som Emma Larsen (elev@demo.no)');
    expect((consent() as HTMLInputElement).checked).toBe(false);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(consent());
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(consent());
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('requires the guest fields, with inline Norwegian errors, before the button opens', async () => {
    serve({ [PRODUCT_URL]: () => Response.json(info()) });
    renderForm();
    const button = (await payButton()) as HTMLButtonElement;
    for (const [label, autocomplete] of [
      ['Fornavn', 'given-name'],
      ['Etternavn', 'family-name'],
      ['E-post', 'email'],
    ] as const) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.required).toBe(true);
      expect(input.getAttribute('autocomplete')).toBe(autocomplete);
    }
    expect(screen.getByRole('link', { name: 'Logg inn' }).getAttribute('href')).toBe('/logg-inn?next=%2Fkasse%2Fki-for-kontoret');
    fireEvent.click(consent());
    expect(button.disabled).toBe(true);

    type('E-post', 'ola@');
    fireEvent.blur(screen.getByLabelText('E-post'));
    expect(await screen.findByText('Skriv inn en gyldig e-postadresse, for eksempel navn@eksempel.no.')).toBeTruthy();
    expect(screen.getByLabelText('E-post').getAttribute('aria-invalid')).toBe('true');

    fillGuest();
    await waitFor(() => expect(screen.queryByText('Skriv inn en gyldig e-postadresse, for eksempel navn@eksempel.no.')).toBeNull());
    expect(button.disabled).toBe(false);
    type('Fornavn', ' ');
    expect(button.disabled).toBe(true);
  });

  it('applies a coupon: the discount line, the new total and the button name the discounted price', async () => {
    serve({
      [PRODUCT_URL]: () => Response.json(info({ viewer })),
      'POST /api/checkout/quote': (init) => {
        const { couponCode } = JSON.parse(String(init?.body)) as { couponCode: string };
        if (couponCode !== 'HOST20')
          return Response.json(
            { error: 'Rabattkoden er ugyldig eller utløpt.', issues: [{ path: 'couponCode', message: 'Rabattkoden er ugyldig eller utløpt.' }] },
            { status: 400 },
          );
        return Response.json({
          listPriceOre: 199_000,
          discountOre: 39_800,
          totalOre: 159_200,
          vatOre: 31_840,
          coupon: { code: 'HOST20', label: '20 % rabatt' },
        });
      },
      'POST /api/checkout/orders': () => Response.json(created, { status: 201 }),
    });
    const { navigate } = renderForm();
    await payButton();

    fireEvent.click(screen.getByRole('button', { name: 'Bruk' }));
    expect(await screen.findByText('Skriv inn rabattkoden')).toBeTruthy();
    expect(calls('POST /api/checkout/quote')).toHaveLength(0);

    type('Rabattkode', 'FEIL');
    screen.getByRole('button', { name: 'Bruk' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Bruk' }));
    expect(await screen.findByText('Rabattkoden er ugyldig eller utløpt.')).toBeTruthy();
    const codeField = screen.getByLabelText('Rabattkode');
    expect(codeField.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(codeField));
    expect((await payButton()).textContent).toBe('Betal 1\u00a0990\u00a0kr');

    type('Rabattkode', 'HOST20');
    fireEvent.click(screen.getByRole('button', { name: 'Bruk' }));
    await waitFor(async () => expect((await payButton()).textContent).toBe('Betal 1\u00a0592\u00a0kr'));
    expect(screen.getByText('Rabatt (20 % rabatt)')).toBeTruthy();
    expect(screen.getByText('−398 kr')).toBeTruthy();
    expect(screen.getByText('Inkludert merverdiavgift, herav mva. 318,40 kr')).toBeTruthy();
    expect(bodyOf('POST /api/checkout/quote', 1)).toEqual({ productId: 'course:ki-for-kontoret', couponCode: 'HOST20' });

    fireEvent.click(consent());
    fireEvent.click(await payButton());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(created.redirectUrl));
    expect(bodyOf('POST /api/checkout/orders')).toMatchObject({ couponCode: 'HOST20' });
  });

  it('posts the order with the consent, the provider and one idempotency key per page load, never a price', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answer = async () => {
      await held;
      return Response.json({ error: 'Betalingen kunne ikke startes. Prøv igjen om litt.', errorType: 'provider_unavailable' }, { status: 409 });
    };
    serve({
      [PRODUCT_URL]: () => Response.json(info()),
      'POST /api/checkout/orders': () => answer(),
    });
    const { navigate } = renderForm();
    await payButton();
    fillGuest();
    fireEvent.click(screen.getByRole('radio', { name: /Testbetaling/ }));
    expect(screen.getByText('Testbetaling er bare for utvikling og testing: ingen penger trekkes.')).toBeTruthy();
    fireEvent.click(consent());
    fireEvent.click(await payButton());
    expect(await screen.findByRole('button', { name: 'Sender deg til betaling …' })).toHaveProperty('disabled', true);
    release();

    // An error: the server's text as an alert, and the button back.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Betalingen kunne ikke startes. Prøv igjen om litt.');
    const body = bodyOf('POST /api/checkout/orders') as Record<string, unknown>;
    expect(body).toEqual({
      productId: 'course:ki-for-kontoret',
      provider: 'test',
      consent: { accepted: true, version: '2026-11-25' },
      buyer: { firstName: 'Ola', lastName: 'Nordmann', email: 'ola@example.no' },
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(JSON.stringify(body)).not.toMatch(/"\w*(Ore|price|total|amount)\w*":/i);

    answer = async () => Response.json(created, { status: 201 });
    fireEvent.click(await payButton());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(created.redirectUrl));
    expect(calls('POST /api/checkout/orders')).toHaveLength(2);
    expect((bodyOf('POST /api/checkout/orders', 1) as { idempotencyKey: string }).idempotencyKey).toBe(body.idempotencyKey);
    expect(screen.getByRole('button', { name: 'Sender deg til betaling …' })).toHaveProperty('disabled', true);
  });

  it("answers 409 account_exists with the server's message and a 'Logg inn' link back to the checkout", async () => {
    const message = 'Det finnes allerede en konto med denne e-postadressen. Logg inn for å kjøpe kurset.';
    serve({
      [PRODUCT_URL]: () => Response.json(info()),
      'POST /api/checkout/orders': () => Response.json({ error: message, errorType: 'account_exists' }, { status: 409 }),
    });
    renderForm();
    await payButton();
    fillGuest();
    fireEvent.click(consent());
    fireEvent.click(await payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    const links = screen.getAllByRole('link', { name: 'Logg inn' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/logg-inn?next=%2Fkasse%2Fki-for-kontoret',
      '/logg-inn?next=%2Fkasse%2Fki-for-kontoret',
    ]);
    expect(alert.contains(links[1] ?? null)).toBe(true);
  });

  it('shows a buyer who already has the course the way to it instead of the form', async () => {
    serve({ [PRODUCT_URL]: () => Response.json(info({ viewer: { ...viewer, hasAccess: true } })) });
    renderForm();
    expect(await screen.findByText('Du har allerede tilgang til dette kurset.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gå til kurset' }).getAttribute('href')).toBe('/course/ki-for-kontoret');
    expect(screen.queryByRole('button', { name: /^Betal / })).toBeNull();
  });

  it('turns a 409 already_has_access into the has-access view', async () => {
    serve({
      [PRODUCT_URL]: () => Response.json(info({ viewer })),
      'POST /api/checkout/orders': () =>
        Response.json(
          { error: 'Du har allerede tilgang til dette kurset.', errorType: 'already_has_access', coursePath: '/course/ki-for-kontoret' },
          { status: 409 },
        ),
    });
    renderForm();
    await payButton();
    fireEvent.click(consent());
    fireEvent.click(await payButton());
    expect(await screen.findByRole('link', { name: 'Gå til kurset' })).toBeTruthy();
  });

  it('moves focus to the first guest field the server refuses', async () => {
    serve({
      [PRODUCT_URL]: () => Response.json(info()),
      'POST /api/checkout/orders': () =>
        Response.json(
          {
            error: 'Ugyldig forespørsel',
            issues: [
              { path: 'buyer.email', message: 'Ugyldig e-postadresse' },
              { path: 'buyer.lastName', message: 'Etternavn kan ikke inneholde tegnene < og >' },
            ],
          },
          { status: 400 },
        ),
    });
    renderForm();
    await payButton();
    fillGuest();
    fireEvent.click(consent());
    fireEvent.click(await payButton());
    expect(await screen.findByText('Ugyldig e-postadresse')).toBeTruthy();
    const lastName = screen.getByLabelText('Etternavn');
    await waitFor(() => expect(document.activeElement).toBe(lastName));
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(lastName.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Etternavn kan ikke inneholde tegnene < og >');
    expect(screen.getByLabelText('E-post').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows one provider without a choice, and no form of payment when there is none', async () => {
    serve({ [PRODUCT_URL]: () => Response.json(info({ viewer, providers: [{ id: 'vipps', label: 'Vipps' }] })) });
    renderForm();
    await payButton();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('Betalingsmåte:', { exact: false }).textContent).toContain('Vipps');
  });

  it('says payment is unavailable when no provider is offered', async () => {
    serve({ [PRODUCT_URL]: () => Response.json(info({ viewer, providers: [] })) });
    renderForm();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Betaling er ikke tilgjengelig akkurat nå. Kontakt oss på kontakt@kiakademiet.no.');
    expect(screen.queryByRole('button', { name: /^Betal / })).toBeNull();
  });

  it('offers a retry when the product cannot be read', async () => {
    serve({});
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toContain('Kunne ikke laste kassen.');
    serve({ [PRODUCT_URL]: () => Response.json(info({ viewer })) });
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await payButton()).toBeTruthy();
  });
});
