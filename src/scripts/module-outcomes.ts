export function initModuleOutcomes(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-outcomes]')) {
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-module]')];
    const lists = new Map<string, HTMLElement>(
      [...root.querySelectorAll<HTMLElement>('[data-outcome-list]')].map((el) => [el.dataset.outcomeList ?? '', el]),
    );
    let pinned: number | null = null;
    let preview: number | null = null;

    const render = () => {
      const shown = preview ?? pinned;
      const general = lists.get('general');
      // On small screens the general list stays; the panel's module lists are desktop-only (max-lg:hidden).
      general?.classList.toggle('lg:hidden', shown !== null);
      lists.forEach((el, key) => {
        if (key !== 'general') el.hidden = String(shown) !== key;
      });
      buttons.forEach((button, i) => {
        const open = pinned === i;
        button.setAttribute('aria-expanded', String(open));
        const inline = document.getElementById(button.getAttribute('aria-controls') ?? '');
        if (inline) inline.hidden = !open;
      });
    };

    buttons.forEach((button, i) => {
      button.addEventListener('click', () => {
        pinned = pinned === i ? null : i;
        preview = null;
        render();
      });
      button.addEventListener('pointerenter', (event) => {
        if (event.pointerType !== 'mouse') return;
        preview = i;
        render();
      });
      button.addEventListener('pointerleave', () => {
        if (preview !== i) return;
        preview = null;
        render();
      });
      button.addEventListener('focus', () => {
        // Only keyboard focus previews; a mouse click focuses too and then toggles.
        if (!button.matches(':focus-visible')) return;
        preview = i;
        render();
      });
      button.addEventListener('blur', () => {
        if (preview !== i) return;
        preview = null;
        render();
      });
      button.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape' || (pinned === null && preview === null)) return;
        event.preventDefault();
        pinned = null;
        preview = null;
        render();
      });
    });
  }
}
