import type { ClientDirective } from 'astro';

/**
 * `client:ready`: for an island the server has rendered (the course player, /admin, the
 * dashboard). It hydrates when the browser is first idle, as `client:idle` does, so the island's
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

/** What a held press was aimed at. */
type Held = { kind: 'press'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

/** The event that tells a waiting island to hydrate now. */
const PRESSED = 'app:pressed';
const WAITING = 'data-press-waiting';
/** What a press may be aimed at: buttons and the roles that act like them (tabs, menu items, switches). */
const CONTROL = 'button,[role="button"],[role="tab"],[role="menuitem"],[role="switch"],[role="checkbox"],input[type="checkbox"],input[type="radio"]';

interface HeldPresses {
  held: Map<Element, Held[]>;
}

function state(): HeldPresses {
  const scope = self as typeof self & { __appHeldPresses?: HeldPresses };
  if (scope.__appHeldPresses) return scope.__appHeldPresses;
  const created: HeldPresses = { held: new Map() };
  scope.__appHeldPresses = created;
  const hold = (island: Element, press: Held) => {
    const list = created.held.get(island) ?? [];
    created.held.set(island, list);
    list.push(press);
    island.setAttribute(WAITING, '');
    island.dispatchEvent(new Event(PRESSED));
  };
  const waitingIsland = (target: EventTarget | null) => (target instanceof Element ? target.closest('astro-island[ssr][client="ready"]') : null);
  document.addEventListener(
    'click',
    (event) => {
      const island = waitingIsland(event.target);
      const control = island && (event.target as Element).closest<HTMLElement>(CONTROL);
      if (!island || !control || !island.contains(control) || control.matches(':disabled')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      // Pressed again while waiting: it still counts once, as the press it repeats.
      if (control.hasAttribute(WAITING)) return;
      control.setAttribute(WAITING, '');
      control.setAttribute('aria-busy', 'true');
      hold(island, { kind: 'press', target: control });
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const island = waitingIsland(event.target);
      if (!island || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      hold(island, { kind: 'submit', form: event.target, submitter: (event as SubmitEvent).submitter });
    },
    true,
  );
  return created;
}

/** Presses the control again as a pointer would: what Radix's tabs and menus listen to (down) and buttons (click). */
function replay(press: Held): void {
  if (press.kind === 'submit') {
    if (press.form.isConnected) press.form.requestSubmit(press.submitter && press.form.contains(press.submitter) ? press.submitter : null);
    return;
  }
  const { target } = press;
  target.removeAttribute(WAITING);
  target.removeAttribute('aria-busy');
  if (!target.isConnected) return;
  const down = { bubbles: true, cancelable: true, composed: true, view: window, button: 0, buttons: 1, detail: 1 };
  const up = { ...down, buttons: 0 };
  target.dispatchEvent(new PointerEvent('pointerdown', { ...down, pointerType: 'mouse', isPrimary: true }));
  target.dispatchEvent(new MouseEvent('mousedown', down));
  target.focus({ preventScroll: true });
  target.dispatchEvent(new PointerEvent('pointerup', { ...up, pointerType: 'mouse', isPrimary: true }));
  target.dispatchEvent(new MouseEvent('mouseup', up));
  target.dispatchEvent(new MouseEvent('click', up));
}

const presses = state();

const ready: ClientDirective = (load, _options, island) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    island.removeEventListener(PRESSED, start);
    const hydrate = await load();
    await hydrate();
    // Hydrating has begun (Astro has removed `ssr`): React now hears the replayed presses itself.
    const held = presses.held.get(island) ?? [];
    presses.held.delete(island);
    island.removeAttribute(WAITING);
    for (const press of held) replay(press);
  };
  if (island.hasAttribute(WAITING)) {
    void start();
    return;
  }
  island.addEventListener(PRESSED, start);
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void start());
  else setTimeout(() => void start(), 200);
};

export default ready;
