import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';

/**
 * One card of 'Min konto': a <section> named by its <h2>. `id` makes it a target of the page's
 * links (/konto#innstillinger); it takes focus when such a link brings the reader there.
 */
export function AccountSection({ id, title, description, children }: { id?: string; title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card asChild>
      <section id={id} aria-labelledby={headingId} tabIndex={id ? -1 : undefined} className="scroll-mt-4">
        <CardHeader>
          <CardTitle id={headingId}>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}
