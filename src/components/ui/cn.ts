import { type ClassValue, clsx } from 'clsx';
import { cnMerge } from './tw-merge';

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects) and lets the
 * last of two conflicting Tailwind utilities win, so a caller's `className` can
 * override a primitive's default (`cn('px-4', 'px-2')` → `'px-2'`). The merge is
 * tailwind-merge's with this project's class groups (tw-merge.ts).
 */
export function cn(...inputs: ClassValue[]): string {
  return cnMerge(clsx(inputs));
}
