import type { ClientDirective } from 'astro';

/** Until the island hydrates, a press on its controls is held (`aria-busy`), hydration starts at once, and the press is replayed; links are left alone. */

type Held = HTMLElement | { form: HTMLFormElement; submitter: HTMLElement | null };

const PRESSED = 'app:pressed';
const WAITING = 'data-press-waiting';
const CONTROL = 'button,[role=button],[role=tab],[role=menuitem],[role=switch],[role=checkbox],input[type=checkbox],input[type=radio]';
const held = new Map<Element, Held[]>();

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

/** Pointer down for Radix's tabs and menus, click for buttons. */
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
  // Hydrating is the page's one long task, so an unpressed island waits for load and an idle moment.
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void start());
    else setTimeout(() => void start(), 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
};

export default ready;
