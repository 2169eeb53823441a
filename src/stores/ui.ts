import { atom } from 'nanostores';

/** Whether the AI assistant side panel is open; the header's 'Chat' button toggles it. */
export const $chatOpen = atom(false);

export function toggleChat(): void {
  $chatOpen.set(!$chatOpen.get());
}
