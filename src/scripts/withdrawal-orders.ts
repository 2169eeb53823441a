/** Only with the signed-in hint cookie, so an anonymous visitor's page makes no request. */
import { formatKroner, formatLongDate, osloIsoDate } from '../lib/format';
import { hasSignedInHint } from '../lib/signed-in-hint';
import { isRefundable } from '../lib/order-states';
import type { OrderSummary } from '../schemas/checkout';

const withdrawable = (order: OrderSummary) => isRefundable(order.status);

/** On Norway's calendar. */
export function osloDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : osloIsoDate(date);
}

export function orderOptionLabel(order: OrderSummary): string {
  return `${order.title} – ${formatKroner(order.totalOre)} – ${formatLongDate(new Date(order.paidAt ?? order.createdAt))}`;
}

async function readJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { credentials: 'include' });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

function setValue(form: HTMLFormElement, name: string, value: string, onlyIfEmpty = false): void {
  const field = form.elements.namedItem(name);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  if (onlyIfEmpty && field.value.trim() !== '') return;
  field.value = value;
}

export async function initWithdrawalOrders(cookies: string = document.cookie): Promise<void> {
  const form = document.querySelector<HTMLFormElement>('[data-angreskjema]');
  const picker = form?.querySelector<HTMLElement>('[data-angre-orders]');
  const select = picker?.querySelector('select');
  if (!form || !picker || !select || !hasSignedInHint(cookies)) return;

  const [list, user] = await Promise.all([
    readJson<OrderSummary[]>('/api/orders'),
    readJson<{ firstName: string; lastName: string; email: string }>('/api/auth/user'),
  ]);
  const orders = Array.isArray(list) ? list.filter(withdrawable) : [];
  if (orders.length === 0) return;

  for (const order of orders) {
    const option = document.createElement('option');
    option.value = order.orderId;
    option.textContent = orderOptionLabel(order);
    select.append(option);
  }
  picker.hidden = false;

  select.addEventListener('change', () => {
    const order = orders.find((o) => o.orderId === select.value);
    if (!order) return;
    setValue(form, 'kjop', `Nettkurset ${order.title}`);
    setValue(form, 'bestilt', osloDate(order.createdAt));
    setValue(form, 'mottatt', osloDate(order.paidAt ?? order.createdAt));
    setValue(form, 'ordre', order.reference);
    if (user) {
      setValue(form, 'navn', `${user.firstName} ${user.lastName}`.trim(), true);
      setValue(form, 'epost', user.email, true);
    }
    // The form's own script rebuilds the e-mail text on input.
    form.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
