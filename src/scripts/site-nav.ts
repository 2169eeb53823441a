/** Plain DOM code, no framework: it ships on every static page. */

const HOVER_CLOSE_DELAY_MS = 120;

interface Dropdown {
  item: HTMLElement;
  trigger: HTMLButtonElement;
  panel: HTMLElement;
  links: () => HTMLAnchorElement[];
  byHover: boolean;
  closeTimer?: number;
}

function setOpen(d: Dropdown, open: boolean): void {
  d.trigger.setAttribute('aria-expanded', String(open));
  d.panel.hidden = !open;
  if (!open) d.byHover = false;
}

const isOpen = (d: Dropdown) => d.trigger.getAttribute('aria-expanded') === 'true';

function initDropdowns(nav: HTMLElement): void {
  const dropdowns: Dropdown[] = [...nav.querySelectorAll<HTMLElement>('[data-nav-item]')].flatMap((item) => {
    const trigger = item.querySelector<HTMLButtonElement>('[data-nav-trigger]');
    const panel = item.querySelector<HTMLElement>('[data-nav-panel]');
    if (!trigger || !panel) return [];
    return [{ item, trigger, panel, links: () => [...panel.querySelectorAll<HTMLAnchorElement>('a')], byHover: false }];
  });
  const topLevel = () => [...nav.querySelectorAll<HTMLElement>(':scope > ul > li > button, :scope > ul > li > a')];

  const closeOthers = (keep?: Dropdown) => {
    for (const d of dropdowns) if (d !== keep && isOpen(d)) setOpen(d, false);
  };

  const moveTopLevel = (from: HTMLElement, step: number) => {
    const items = topLevel();
    const next = items[(items.indexOf(from) + step + items.length) % items.length];
    next?.focus();
  };

  for (const d of dropdowns) {
    d.trigger.addEventListener('click', () => {
      // A click on a menu the pointer just opened pins it: from then on only a click or Escape closes it.
      const open = d.byHover ? true : !isOpen(d);
      window.clearTimeout(d.closeTimer);
      closeOthers(d);
      setOpen(d, open);
      d.byHover = false;
    });

    d.item.addEventListener('pointerenter', (event) => {
      if (event.pointerType !== 'mouse') return;
      window.clearTimeout(d.closeTimer);
      if (isOpen(d)) return;
      closeOthers(d);
      setOpen(d, true);
      d.byHover = true;
    });

    d.item.addEventListener('pointerleave', (event) => {
      if (event.pointerType !== 'mouse' || !d.byHover) return;
      d.closeTimer = window.setTimeout(() => setOpen(d, false), HOVER_CLOSE_DELAY_MS);
    });

    d.trigger.addEventListener('keydown', (event) => {
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          closeOthers(d);
          setOpen(d, true);
          d.links()[0]?.focus();
          break;
        case 'ArrowUp':
          event.preventDefault();
          closeOthers(d);
          setOpen(d, true);
          d.links().at(-1)?.focus();
          break;
        case 'ArrowRight':
          event.preventDefault();
          moveTopLevel(d.trigger, 1);
          break;
        case 'ArrowLeft':
          event.preventDefault();
          moveTopLevel(d.trigger, -1);
          break;
        case 'Escape':
          if (isOpen(d)) {
            event.preventDefault();
            setOpen(d, false);
          }
          break;
      }
    });

    d.panel.addEventListener('keydown', (event) => {
      const links = d.links();
      const index = links.indexOf(document.activeElement as HTMLAnchorElement);
      const focusAt = (i: number) => links[(i + links.length) % links.length]?.focus();
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          focusAt(index + 1);
          break;
        case 'ArrowUp':
          event.preventDefault();
          focusAt(index - 1);
          break;
        case 'Home':
          event.preventDefault();
          focusAt(0);
          break;
        case 'End':
          event.preventDefault();
          focusAt(links.length - 1);
          break;
        case 'Escape':
          event.preventDefault();
          setOpen(d, false);
          d.trigger.focus();
          break;
      }
    });

    d.item.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !d.item.contains(next) && !d.byHover) setOpen(d, false);
    });
  }

  for (const link of nav.querySelectorAll<HTMLAnchorElement>(':scope > ul > li > a')) {
    link.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        moveTopLevel(link, event.key === 'ArrowRight' ? 1 : -1);
      }
    });
  }

  document.addEventListener('click', (event) => {
    if (!nav.contains(event.target as Node)) closeOthers();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = dropdowns.find(isOpen);
    if (open) {
      setOpen(open, false);
      if (open.item.contains(document.activeElement)) open.trigger.focus();
    }
  });
}

function initSheet(): void {
  const sheet = document.querySelector<HTMLDialogElement>('[data-sheet]');
  const opener = document.querySelector<HTMLButtonElement>('[data-sheet-open]');
  if (!sheet || !opener) return;
  opener.addEventListener('click', () => {
    sheet.showModal();
    opener.setAttribute('aria-expanded', 'true');
  });
  sheet.addEventListener('close', () => opener.setAttribute('aria-expanded', 'false'));
  sheet.querySelector('[data-sheet-close]')?.addEventListener('click', () => sheet.close());
  // A click on the backdrop lands on the <dialog> itself.
  sheet.addEventListener('click', (event) => {
    if (event.target === sheet) sheet.close();
  });
  window.matchMedia('(min-width: 64rem)').addEventListener('change', (event) => {
    if (event.matches && sheet.open) sheet.close();
  });
}

export function initSiteNav(): void {
  const nav = document.querySelector<HTMLElement>('[data-site-nav]');
  if (nav) initDropdowns(nav);
  initSheet();
}
