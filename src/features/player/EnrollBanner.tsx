import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enrollFromPlayerMutation } from './player.queries';
import { Button } from '../../components/ui/Button';

/** For a learner who is not enrolled: a note and 'Meld deg på kurset'. */
export function EnrollBanner({ courseId }: { courseId: string }) {
  const client = useQueryClient();
  const enroll = useMutation(enrollFromPlayerMutation(client, courseId));
  return (
    <section
      aria-labelledby="pamelding-tittel"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-600 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="pamelding-tittel" className="font-semibold text-ink">
          Du er ikke påmeldt dette kurset
        </h2>
        <p className="text-sm text-muted">Meld deg på for å lagre fremdriften din.</p>
      </div>
      <Button onClick={() => enroll.mutate(courseId)} disabled={enroll.isPending}>
        {enroll.isPending ? 'Melder på...' : 'Meld deg på kurset'}
      </Button>
    </section>
  );
}
