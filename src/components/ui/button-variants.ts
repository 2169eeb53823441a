import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn';

/** Shared with `.astro` pages, which import it at build time, so no JavaScript reaches the browser. */
const variants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60',
  {
    variants: {
      variant: {
        default: 'bg-brand-600 text-white hover:bg-brand-700',
        primary: 'bg-brand-600 text-white hover:bg-brand-700',
        secondary: 'border border-brand-600 text-brand-700 hover:bg-brand-50',
        outline: 'border border-slate-300 text-ink hover:bg-slate-50',
        ghost: 'text-ink hover:bg-slate-100',
        destructive: 'bg-danger text-white hover:bg-red-800',
        link: 'text-brand-700 underline underline-offset-4 hover:text-brand-900',
      },
      size: {
        sm: 'px-3 py-1.5 text-sm',
        default: 'px-4 py-2 text-sm',
        lg: 'px-5 py-3 text-base',
        icon: 'size-9 p-0',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonVariantProps = VariantProps<typeof variants>;

export function buttonVariants({ className, ...options }: ButtonVariantProps & { className?: string } = {}): string {
  return cn(variants(options), className);
}
