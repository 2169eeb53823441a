import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { type ButtonVariantProps, buttonVariants } from './button-variants';

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      data-slot="button"
      // A plain <button> never submits by accident.
      type={asChild ? type : (type ?? 'button')}
      className={buttonVariants({ variant, size, className })}
      {...props}
    />
  );
}
