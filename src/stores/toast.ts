import { atom } from 'nanostores';

/**
 * The notification queue shared by every island: at most one toast at a time,
 * so a new one replaces the one on screen. Rendered by `components/ui/Toaster`.
 */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export const $toast = atom<ToastMessage | null>(null);
let lastId = 0;

export function toast(message: Omit<ToastMessage, 'id'>): number {
  lastId += 1;
  $toast.set({ ...message, id: lastId });
  return lastId;
}

export function dismissToast(id: number): void {
  if ($toast.get()?.id === id) $toast.set(null);
}
