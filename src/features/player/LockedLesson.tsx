import { buttonVariants } from '../../components/ui/button-variants';

/**
 * A lesson the learner may not read: the server sent its outline only. A clear lock,
 * what to do, and 'Kjøp kurset' following the server's `purchasePath` (the checkout, /kasse/<courseId>).
 * `openLessons`: how many of the course's lessons the learner may open (the previews).
 */
export function LockedLesson({ purchasePath, openLessons }: { purchasePath: string; openLessons: number }) {
  const free =
    openLessons === 0 ? '' : openLessons === 1 ? ' Den første leksjonen kan du se gratis.' : ` ${openLessons} av leksjonene kan du se gratis.`;
  return (
    <div role="note" aria-labelledby="last-tittel" className="rounded-xl border border-slate-200 bg-white p-6 text-center sm:p-10">
      <p aria-hidden="true" className="text-4xl">
        🔒
      </p>
      <h3 id="last-tittel" className="mt-3 text-lg font-semibold text-ink">
        Denne leksjonen er låst
      </h3>
      <p className="mt-2 text-muted">Kjøp kurset for å åpne alle leksjonene.{free}</p>
      <a href={purchasePath} className={buttonVariants({ className: 'mt-5' })}>
        Kjøp kurset
      </a>
    </div>
  );
}
