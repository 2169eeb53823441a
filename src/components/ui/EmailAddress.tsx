import { Fragment } from 'react';
import { cn } from './cn';

/**
 * An e-mail address that breaks where a reader expects it: after the '@' and before a '.', and
 * inside a part only when that part alone is wider than its column. (`break-all` broke an address
 * anywhere, mid-word, even where a whole part would have fitted on the next line.)
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/u);
  return (
    <span className={cn('[overflow-wrap:break-word]', className)}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
