import { type ReactElement, useId } from 'react';
import { countOf } from '../../lib/format';
import type { LearnerProgress } from '../../schemas/learning';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';

/**
 * 'Repetisjonsmodul' (spec: three rows). Every figure is the learner's own: 'Start'
 * opens a finished module to go over again, 'Se alle' goes to the course list, and while nothing is
 * finished the rows say how to get there instead of offering a button. The weekly challenge does
 * not exist yet and says so.
 */
export function ReviewCard({ stats, startHref }: { stats: LearnerProgress | null; startHref: string | null }) {
  const titleId = useId();
  const lessons = stats?.completedLessons ?? 0;
  const modules = stats?.modulesCompleted ?? 0;
  return (
    <Card asChild>
      <section aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>Repetisjonsmodul</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-100">
            <Row
              title="Dagens repetisjon"
              text={
                !stats
                  ? 'Laster...'
                  : startHref
                    ? `${countOf(lessons, 'fullført leksjon', 'fullførte leksjoner')} å repetere`
                    : 'Fullfør en modul, så kan du repetere den her.'
              }
            >
              {startHref ? (
                <a href={startHref} aria-label="Start dagens repetisjon">
                  Start
                </a>
              ) : null}
            </Row>
            <Row title="Fullførte moduler" text={stats ? countOf(modules, 'modul', 'moduler') : 'Laster...'}>
              {modules > 0 ? (
                <a href="#kurs" aria-label="Se alle fullførte moduler">
                  Se alle
                </a>
              ) : null}
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

function Row({ title, text, children }: { title: string; text: string; children: ReactElement | null }) {
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-ink">{title}</p>
        <p className="text-sm text-muted">{text}</p>
      </div>
      {children && (
        <Button asChild variant="outline" size="sm" className="shrink-0">
          {children}
        </Button>
      )}
    </li>
  );
}
