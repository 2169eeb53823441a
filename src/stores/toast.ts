import { atom } from 'nanostores';

/** At most one toast at a time: a new one replaces the one on screen. */
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
