import type { CurrentUser } from '../../schemas/auth';
import { initials } from '../../lib/user-display';

/** Its own module, so the lazily loaded dropdown does not import back from the UserMenu that loads it. */

export const triggerClass = 'flex items-center gap-2 rounded-full p-1 hover:bg-slate-100 sm:pr-3';

/** The name is for screen readers only on a phone and in the site header below 1280 px (global.css). */
export function TriggerContent({ user }: { user: CurrentUser }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <>
      <Avatar user={user} />
      <span className="sr-only">Brukermeny for </span>
      {/* A long name is cut with an ellipsis rather than wrapping the header; the menu shows it whole. */}
      <span className="max-w-40 truncate text-sm font-medium text-ink max-sm:sr-only" data-user-name>
        {name}
      </span>
    </>
  );
}

export function Avatar({ user }: { user: CurrentUser }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" width={36} height={36} className="h-9 w-9 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
      {initials(user.firstName, user.lastName)}
    </span>
  );
}
