import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enrollFromPlayerMutation } from './player.queries';
import { Button } from '../../components/ui/Button';
import { buttonVariants } from '../../components/ui/button-variants';

/** A note above the lesson: a heading, a line and one action. */
function PlayerBanner({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-600 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id={id} className="font-semibold text-ink">
          {title}
        </h2>
        <p className="text-sm text-muted">{text}</p>
      </div>
      {children}
    </section>
  );
}

/** For a learner who is not enrolled in a free course: a note and 'Meld deg på kurset'. */
export function EnrollBanner({ courseId }: { courseId: string }) {
  const client = useQueryClient();
  const enroll = useMutation(enrollFromPlayerMutation(client, courseId));
  return (
    <PlayerBanner id="pamelding-tittel" title="Du er ikke påmeldt dette kurset" text="Meld deg på for å lagre fremdriften din.">
      <Button onClick={() => enroll.mutate(courseId)} disabled={enroll.isPending}>
        {enroll.isPending ? 'Melder på...' : 'Meld deg på kurset'}
      </Button>
    </PlayerBanner>
  );
}

/** For a learner without access: the previews are open; 'Kjøp kurset' follows the server's `purchasePath` (the checkout). */
export function PurchaseBanner({ purchasePath }: { purchasePath: string }) {
  return (
    <PlayerBanner id="kjop-tittel" title="Du har ikke tilgang til hele kurset" text="Forhåndsvisningene er åpne. Kjøp kurset for å låse opp resten.">
      <a href={purchasePath} className={buttonVariants()}>
        Kjøp kurset
      </a>
    </PlayerBanner>
  );
}
