import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { enrollMutation } from '../../lib/enroll';
import { countOf, formatKroner } from '../../lib/format';
import { browserEffects } from '../../lib/session-expired';
import type { CatalogueCourse } from '../../schemas/learning';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { ClampedText } from './ClampedText';
import { moreCourseAction, previewLink } from './dashboard-stats';

/**
 * 'Flere kurs': the catalogue's courses the learner has not started, each with its price
 * and the action that fits: 'Start kurset' (a free course: enroll, then the player), 'Kjøp kurset'
 * (the course's checkout), 'Åpne kurset' (open to the learner without an enrollment, as for staff),
 * or 'Les mer' (not for sale), and 'Prøv gratis: N leksjoner' to the previews of a course the learner
 * cannot open in full. Hidden when there is nothing more.
 */
export function MoreCourses({ courses }: { courses: CatalogueCourse[] }) {
  const titleId = useId();
  const client = useQueryClient();
  const enroll = useMutation(enrollMutation(client));
  if (courses.length === 0) return null;
  return (
    <Card asChild className="max-sm:px-3">
      {/* #flere-kurs: the empty state's 'Finn et kurs' leads here. */}
      <section id="flere-kurs" aria-labelledby={titleId} className="scroll-mt-20">
        <CardHeader>
          <CardTitle id={titleId}>Flere kurs</CardTitle>
          <p className="text-sm text-muted">Prisene er engangspriser inkludert merverdiavgift, med livstids tilgang.</p>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((course) => {
              const action = moreCourseAction(course);
              const preview = previewLink(course);
              const pending = enroll.isPending && enroll.variables === course.id;
              return (
                <li key={course.id} className="flex flex-col rounded-lg border border-slate-200 p-3 sm:p-4" data-more-course={course.id}>
                  <h3 className="font-semibold text-ink">{course.title}</h3>
                  <p className="mt-1 text-sm text-muted">
                    {course.duration} · {course.level}
                  </p>
                  <ClampedText text={course.description} className="mt-1" />
                  {preview && (
                    <p className="mt-2 text-sm">
                      <a
                        href={preview.href}
                        className="font-semibold text-brand-700 underline underline-offset-2"
                        aria-label={`Prøv gratis: ${countOf(preview.count, 'leksjon', 'leksjoner')} i ${course.title}`}
                      >
                        Prøv gratis: {countOf(preview.count, 'leksjon', 'leksjoner')}
                      </a>
                    </p>
                  )}
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
                    <p className="text-lg font-bold text-brand-900">
                      {course.priceOre === 0 ? 'Gratis' : course.priceOre !== null ? formatKroner(course.priceOre) : ''}
                    </p>
                    {action.kind === 'start' ? (
                      <Button
                        size="sm"
                        disabled={enroll.isPending}
                        aria-busy={pending || undefined}
                        aria-label={pending ? undefined : `Start kurset ${course.title}`}
                        onClick={() => enroll.mutate(course.id, { onSuccess: () => browserEffects.navigate(`/course/${course.id}`) })}
                      >
                        {pending ? 'Starter...' : 'Start kurset'}
                      </Button>
                    ) : (
                      <Button asChild size="sm" variant={action.kind === 'buy' ? 'default' : 'outline'}>
                        <a href={action.href} aria-label={`${actionLabel[action.kind]}: ${course.title}`}>
                          {actionLabel[action.kind]}
                        </a>
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </section>
    </Card>
  );
}

const actionLabel = { buy: 'Kjøp kurset', open: 'Åpne kurset', read: 'Les mer' } as const;
