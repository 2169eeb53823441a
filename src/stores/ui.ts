import { atom } from 'nanostores';

export const $chatOpen = atom(false);

/** Kept outside the lazily mounted panel so both survive closing and reopening it. */
export const $chatSelectedId = atom<string | null>(null);
export const $chatDraft = atom('');

let chatOpener: HTMLElement | null = null;

export function toggleChat(): void {
  if ($chatOpen.get()) closeChat();
  else openChat();
}

function openChat(): void {
  if ($chatOpen.get()) return;
  chatOpener = typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null);
  $chatOpen.set(true);
}

export function closeChat(): void {
  if (!$chatOpen.get()) return;
  $chatOpen.set(false);
  const opener = chatOpener;
  chatOpener = null;
  // After the panel has unmounted: while the mobile sheet is mounted its focus trap would take focus back.
  setTimeout(() => {
    if (opener?.isConnected && opener !== document.activeElement) opener.focus();
  }, 0);
}
