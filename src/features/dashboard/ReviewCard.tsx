import { type ReactElement, useId } from 'react';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';

/**
 * 'Repetisjonsmodul' (spec: three static rows). No dead ends (issue 14): 'Start' opens a
 * finished module to go over again, 'Se alle' goes to the course list, where finished
 * modules say 'Se igjen'; the weekly challenge does not exist yet and says so.
 */
export function ReviewCard({ startHref }: { startHref: string }) {
  const titleId = useId();
  return (
    <Card asChild>
      <section aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>Repetisjonsmodul</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-100">
            <Row title="Dagens repetisjon" text="5 leksjoner klare for repetisjon">
              <a href={startHref} aria-label="Start dagens repetisjon">
                Start
              </a>
            </Row>
            <Row title="Fullførte moduler">
              <a href="#kurs" aria-label="Se alle fullførte moduler">
                Se alle
              </a>
            </Row>
            <Row title="Ukens utfordring" text="Kommer snart">
              <button type="button" disabled>
                Delta
              </button>
            </Row>
          </ul>
        </CardContent>
      </section>
    </Card>
  );
}

function Row({ title, text, children }: { title: string; text?: string; children: ReactElement }) {
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-ink">{title}</p>
        {text && <p className="text-sm text-muted">{text}</p>}
      </div>
      <Button asChild variant="outline" size="sm" className="shrink-0">
        {children}
      </Button>
    </li>
  );
}
