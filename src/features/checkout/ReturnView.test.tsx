import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderReturn, OrderStatus } from '../../schemas/checkout';
import { calls, serve } from '../../testing/fetch';
import { resetAfterEach, testQueryClient } from '../../testing/render';
import { ReturnView } from './ReturnView';

const RETURN = 'POST /api/checkout/orders/o1/return';

const answer = (status: OrderStatus): OrderReturn => ({
  orderId: 'o1',
  reference: 'KIA-1',
  status,
  title: 'KI for Kontoret',
  totalOre: 199_000,
  refundedOre: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  paidAt: status === 'paid' ? '2026-11-25T10:01:00.000Z' : null,
  receiptNumber: status === 'paid' ? '000001' : null,
  courseId: 'ki-for-kontoret',
  coursePath: '/course/ki-for-kontoret',
  checkoutPath: '/kasse/ki-for-kontoret',
  receiptPath: status === 'paid' ? '/kvittering/o1' : null,
  signedIn: true,
});

function renderReturn(options: { pollMs?: number; maxWaitMs?: number } = {}) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ReturnView orderId="o1" {...options} />
    </QueryClientProvider>,
  );
}

resetAfterEach();

describe('the return page', () => {
  it("thanks for a paid order: the course, the amount, the receipt line, 'Start kurset' and 'Se kvitteringen'", async () => {
    serve({ [RETURN]: () => Response.json(answer('paid')) });
    renderReturn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Takk for kjøpet!' })).toBeTruthy();
    expect(screen.getByText('KI for Kontoret')).toBeTruthy();
    expect(screen.getByText('Betalt: 1 990 kr')).toBeTruthy();
    expect(screen.getByText('Kvitteringen er sendt til e-posten din.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start kurset' }).getAttribute('href')).toBe('/course/ki-for-kontoret');
    expect(screen.getByRole('link', { name: 'Se kvitteringen' }).getAttribute('href')).toBe('/kvittering/o1');
    expect(calls(RETURN)).toHaveLength(1);
  });

  it('waits for the payment, asking again, until it is paid', async () => {
    let status: OrderStatus = 'awaiting_payment';
    serve({
      [RETURN]: () => {
        const body = answer(status);
        status = 'paid';
        return Response.json(body);
      },
    });
    renderReturn({ pollMs: 30 });
    expect((await screen.findByText('Vi venter på bekreftelse fra betalingen …')).getAttribute('role')).toBe('status');
    expect(await screen.findByRole('heading', { name: 'Takk for kjøpet!' }, { timeout: 2000 })).toBeTruthy();
    expect(calls(RETURN)).toHaveLength(2);
  });

  it('stops asking after the wait and says the receipt comes by e-mail', async () => {
    serve({ [RETURN]: () => Response.json(answer('awaiting_payment')) });
    renderReturn({ pollMs: 20, maxWaitMs: 100 });
    expect(await screen.findByText(/Vi har ikke fått bekreftelse på betalingen ennå\./, undefined, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByText(/en kvittering på e-post/)).toBeTruthy();
    const asked = calls(RETURN).length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls(RETURN)).toHaveLength(asked);
    expect(screen.getByRole('button', { name: 'Sjekk på nytt' })).toBeTruthy();
  });

  for (const [status, title] of [
    ['cancelled', 'Betalingen ble avbrutt.'],
    ['failed', 'Betalingen gikk ikke gjennom.'],
    ['expired', 'Betalingen ble ikke fullført i tide.'],
  ] as const) {
    it(`${status}: '${title}' and 'Prøv igjen' back to the checkout`, async () => {
      serve({ [RETURN]: () => Response.json(answer(status)) });
      renderReturn();
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Prøv igjen' }).getAttribute('href')).toBe('/kasse/ki-for-kontoret');
    });
  }

  it("answers 403 and 404 with 'Fant ikke bestillingen.'", async () => {
    serve({ [RETURN]: () => Response.json({ error: 'Ingen tilgang' }, { status: 403 }) });
    renderReturn();
    expect(await screen.findByRole('heading', { name: 'Fant ikke bestillingen.' })).toBeTruthy();
  });
});
