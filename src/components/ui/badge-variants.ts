import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn';

/** The badge look, usable from `.astro` pages without React (see button-variants.ts). */
const variants = cva('inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      default: 'bg-brand-600 text-white',
      secondary: 'bg-brand-50 text-brand-700',
      destructive: 'bg-danger text-white',
      outline: 'text-ink ring-1 ring-slate-300',
    },
  },
  defaultVariants: { variant: 'default' },
});

export type BadgeVariantProps = VariantProps<typeof variants>;

export function badgeVariants({ className, ...options }: BadgeVariantProps & { className?: string } = {}): string {
  return cn(variants(options), className);
}
