import { type ClassValue, clsx } from 'clsx';
import { cnMerge } from './tw-merge';

/** The last of two conflicting Tailwind utilities wins, so a caller's `className` overrides a primitive's default. */
export function cn(...inputs: ClassValue[]): string {
  return cnMerge(clsx(inputs));
}
