import type { ClientDirective } from 'astro';

/**
 * `client:ready`: for an island the server has rendered (the course player, /admin, the
 * dashboard). It hydrates at the first idle moment after the page has loaded, so the island's
 * scripts never race the first paint; but its buttons are on screen before React listens to
 * them, and on a slow phone a press in that time would do nothing. So, from the moment this
 * script runs (Astro puts it before the first island, ahead of the island's markup), a press on
 * a control inside a server-rendered island that has not hydrated yet is held: the control shows
 * that it is waiting (`aria-busy`, `data-press-waiting`: global.css), the island hydrates at once
 * instead of waiting for the browser to be idle, and the press is replayed on the same control
 * right after hydration has begun (React hydrates the part that holds it first, synchronously).
 * Links are left alone: they work without JavaScript, and the page they lead to is rendered on
 * the server too. A form submitted before hydration (Enter in a field) is submitted again after.
 */

/** What a held press was aimed at: a control to press again, or a form to submit again. */
type Held = HTMLElement | { form: HTMLFormElement; submitter: HTMLElement | null };

/** The event that tells a waiting island to hydrate now. */
const PRESSED = 'app:pressed';
const WAITING = 'data-press-waiting';
/** What a press may be aimed at: buttons and the roles that act like them (tabs, menu items, switches). */
const CONTROL = 'button,[role=button],[role=tab],[role=menuitem],[role=switch],[role=checkbox],input[type=checkbox],input[type=radio]';
/** The presses held per island, until it hydrates. */
const held = new Map<Element, Held[]>();

/** Holds `event` when it is aimed at a server-rendered island that has not hydrated; returns what it was aimed at. */
function hold(event: Event, aim: (island: Element) => Held | null | undefined): void {
  const island = event.target instanceof Element ? event.target.closest('astro-island[ssr][client=ready]') : null;
  const target = island && aim(island);
  if (!island || !target) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (target instanceof HTMLElement) {
    // Pressed again while waiting: it still counts once, as the press it repeats.
    if (target.hasAttribute(WAITING)) return;
    target.setAttribute(WAITING, '');
    target.setAttribute('aria-busy', 'true');
  }
  held.set(island, [...(held.get(island) ?? []), target]);
  island.setAttribute(WAITING, '');
  island.dispatchEvent(new Event(PRESSED));
}

document.addEventListener('click', (event) => hold(event, () => (event.target as Element).closest<HTMLElement>(CONTROL)), true);
document.addEventListener(
  'submit',
  (event) =>
    hold(event, () => (event.target instanceof HTMLFormElement ? { form: event.target, submitter: (event as SubmitEvent).submitter } : null)),
  true,
);

/** Presses the control again as a pointer would: what Radix's tabs and menus listen to (down) and buttons (click). */
function replay(press: Held): void {
  if (!(press instanceof HTMLElement)) {
    if (press.form.isConnected) press.form.requestSubmit(press.submitter?.isConnected ? press.submitter : null);
    return;
  }
  press.removeAttribute(WAITING);
  press.removeAttribute('aria-busy');
  if (!press.isConnected) return;
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
    if (type === 'pointerup') press.focus({ preventScroll: true });
    const down = type.endsWith('down');
    const init = { bubbles: true, cancelable: true, composed: true, view: window, button: 0, buttons: down ? 1 : 0, detail: 1 };
    press.dispatchEvent(
      type.startsWith('pointer') ? new PointerEvent(type, { ...init, pointerType: 'mouse', isPrimary: true }) : new MouseEvent(type, init),
    );
  }
}

const ready: ClientDirective = (load, _options, island) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    const hydrate = await load();
    await hydrate();
    // Hydrating has begun (Astro has removed `ssr`): React now hears the replayed presses itself.
    const presses = held.get(island) ?? [];
    held.delete(island);
    island.removeAttribute(WAITING);
    presses.forEach(replay);
  };
  if (island.hasAttribute(WAITING)) {
    void start();
    return;
  }
  island.addEventListener(PRESSED, () => void start(), { once: true });
  // Unpressed, it waits for the page to finish loading and then for an idle moment: hydrating is
  // the page's one long task, and the server's markup already shows everything until then.
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void start());
    else setTimeout(() => void start(), 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
};

export default ready;
