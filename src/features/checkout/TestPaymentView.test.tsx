import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls, serve } from '../../testing/fetch';
import { resetAfterEach, testQueryClient } from '../../testing/render';
import { TestPaymentView } from './TestPaymentView';

const payment = { reference: 'KIA-1', amountOre: 199_000, description: 'KI for Kontoret', state: 'pending' };

function renderPage(reference: string | null) {
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <TestPaymentView reference={reference} navigate={navigate} />
    </QueryClientProvider>,
  );
  return { navigate };
}

resetAfterEach();

describe('the test payment page', () => {
  for (const [label, action] of [
    ['Godkjenn betalingen', 'approve'],
    ['Avbryt betalingen', 'cancel'],
    ['Simuler at betalingen feiler', 'fail'],
  ] as const) {
    it(`'${label}' posts ${action} and follows the return address`, async () => {
      serve({
        'GET /api/test-payments/KIA-1': () => Response.json(payment),
        [`POST /api/test-payments/KIA-1/${action}`]: () => Response.json({ returnUrl: '/kasse/retur?ordre=o1' }),
      });
      const { navigate } = renderPage('KIA-1');
      expect(await screen.findByText('KI for Kontoret')).toBeTruthy();
      expect(screen.getByText('1 990 kr')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: label }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/kasse/retur?ordre=o1'));
      expect(calls(`POST /api/test-payments/KIA-1/${action}`)).toHaveLength(1);
    });
  }

  it('says so when the reference is unknown or missing', async () => {
    serve({ 'GET /api/test-payments/NOPE': () => Response.json({ error: 'Fant ikke siden' }, { status: 404 }) });
    renderPage('NOPE');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Fant ikke testbetalingen\./);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers no buttons for a payment already answered', async () => {
    serve({ 'GET /api/test-payments/KIA-1': () => Response.json({ ...payment, state: 'captured' }) });
    renderPage('KIA-1');
    expect(await screen.findByText('Denne betalingen er allerede behandlet.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
