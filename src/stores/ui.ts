import { atom } from 'nanostores';

/** Whether the AI assistant side panel is open; the header's 'Chat' button toggles it. */
export const $chatOpen = atom(false);

/**
 * The panel's selected conversation and unsent draft, kept outside the (lazily mounted) panel so
 * both survive closing and reopening it; the panel clears the selection when that conversation is deleted.
 */
export const $chatSelectedId = atom<string | null>(null);
export const $chatDraft = atom('');

/** The element that had focus when the panel opened (its toggle): focus goes back there on close. */
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

/** Closes the panel and moves focus back to whatever opened it (the header's toggle). */
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
