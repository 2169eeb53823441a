import type { ComponentProps } from 'react';
import { roleLabels } from '../../lib/user-display';
import type { CurrentUser } from '../../schemas/auth';
import { type BadgeVariantProps, badgeVariants } from './badge-variants';

export type BadgeProps = ComponentProps<'span'> & BadgeVariantProps;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span data-slot="badge" className={badgeVariants({ variant, className })} {...props} />;
}

type Role = CurrentUser['role'];

/** Badge style per role (admin spec, section 6): superuser destructive, admin default, company admin secondary, others outline. */
export function roleBadgeVariant(role: Role): NonNullable<BadgeVariantProps['variant']> {
  switch (role) {
    case 'superuser':
      return 'destructive';
    case 'admin':
      return 'default';
    case 'company_admin':
      return 'secondary';
    default:
      return 'outline';
  }
}

export function RoleBadge({ userRole, ...props }: Omit<BadgeProps, 'variant' | 'children'> & { userRole: Role }) {
  return (
    <Badge variant={roleBadgeVariant(userRole)} data-role={userRole} {...props}>
      {roleLabels[userRole]}
    </Badge>
  );
}
