import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects) and lets the
 * last of two conflicting Tailwind utilities win, so a caller's `className` can
 * override a primitive's default (`cn('px-4', 'px-2')` → `'px-2'`).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
