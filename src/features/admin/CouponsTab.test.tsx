import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCoupon, AdminCouponList } from '../../schemas/admin-shop';
import { bodyOf, calls, refusedAt, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach } from '../../testing/render';
import CouponsTab from './CouponsTab';

const coupon: AdminCoupon = {
  id: '00000000-0000-4000-8000-0000000000d1',
  code: 'HOST25',
  kind: 'percent',
  percentOff: 25,
  amountOffOre: null,
  productId: null,
  productTitle: null,
  validFrom: '2026-11-01T00:00:00.000+01:00',
  validFromDate: '2026-11-01',
  validUntil: null,
  validUntilDate: null,
  maxUses: 10,
  usedCount: 2,
  active: true,
  orderCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const list: AdminCouponList = { coupons: [coupon], products: [{ id: 'course:ki-for-kontoret', title: 'KI for Kontoret' }] };
const CREATE = 'POST /api/admin/coupons';
const EDIT = `PUT /api/admin/coupons/${coupon.id}`;

resetAfterEach();

describe("the 'Rabattkoder' tab", () => {
  it("checks a new coupon with the server's rules, sends øre, and puts the server's message under its field with focus there", async () => {
    serve({ 'GET /api/admin/coupons': () => Response.json(list), [CREATE]: refusedAt('code', 'Koden er i bruk') });
    renderInApp(<CouponsTab />);
    const form = await screen.findByRole('form', { name: 'Ny rabattkode' });
    const code = within(form).getByLabelText('Kode');

    fireEvent.click(within(form).getByRole('button', { name: 'Opprett rabattkode' }));
    expect(await within(form).findByText('Skriv inn koden')).toBeTruthy();
    expect(within(form).getByText('Prosent må være et helt tall fra 1 til 100')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(calls(CREATE)).toHaveLength(0);

    fireEvent.change(code, { target: { value: 'vinter' } });
    fireEvent.change(within(form).getByLabelText('Type rabatt'), { target: { value: 'amount' } });
    fireEvent.change(await within(form).findByLabelText('Kroner rabatt'), { target: { value: '149,50' } });
    fireEvent.change(within(form).getByLabelText('Gjelder'), { target: { value: 'course:ki-for-kontoret' } });
    fireEvent.change(within(form).getByLabelText('Maks antall bruk'), { target: { value: '3' } });
    const submit = within(form).getByRole('button', { name: 'Opprett rabattkode' });
    submit.focus();
    fireEvent.click(submit);
    expect(await within(form).findByText('Koden er i bruk')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${code.id}-error`)?.textContent).toBe('Koden er i bruk');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(bodyOf(CREATE)).toEqual({
      code: 'vinter',
      kind: 'amount',
      amountOffOre: 14_950,
      productId: 'course:ki-for-kontoret',
      validUntil: null,
      maxUses: 3,
    });
  });

  it("edits a coupon's limit and puts the server's message under its field with focus there", async () => {
    serve({ 'GET /api/admin/coupons': () => Response.json(list), [EDIT]: refusedAt('maxUses', 'Maks antall bruk kan ikke være under 2') });
    renderInApp(<CouponsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Endre HOST25' }));
    const dialog = screen.getByRole('dialog', { name: 'Endre HOST25' });
    const maxUses = within(dialog).getByLabelText('Maks antall bruk');

    fireEvent.change(maxUses, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    expect(await within(dialog).findByText('Maks antall bruk må være et helt tall fra 1')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(maxUses));
    expect(calls(EDIT)).toHaveLength(0);

    fireEvent.change(maxUses, { target: { value: '1' } });
    const save = within(dialog).getByRole('button', { name: 'Lagre' });
    save.focus();
    fireEvent.click(save);
    expect(await within(dialog).findByText('Maks antall bruk kan ikke være under 2')).toBeTruthy();
    expect(maxUses.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(maxUses));
    expect(bodyOf(EDIT)).toEqual({ validFrom: '2026-11-01', validUntil: null, maxUses: 1 });
  });
});
