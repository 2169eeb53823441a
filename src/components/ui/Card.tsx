import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

type CardPartProps = ComponentProps<'div'> & {
  asChild?: boolean;
};

export function Card({ className, asChild = false, ...props }: CardPartProps) {
  const Component = asChild ? Slot.Root : 'div';
  return <Component data-slot="card" className={cn('rounded-xl border border-slate-200 bg-white p-4 text-ink sm:p-5', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('flex flex-col gap-1.5', className)} {...props} />;
}

export function CardTitle({ className, asChild = false, ...props }: ComponentProps<'h2'> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : 'h2';
  return <Component data-slot="card-title" className={cn('text-lg font-semibold text-ink', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="card-description" className={cn('text-sm text-muted', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('mt-4', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('mt-4 flex items-center gap-2', className)} {...props} />;
}
