import { Fragment } from 'react';
import { cn } from './cn';

/** Breaks after the '@' and before a '.', and inside a part only when that part alone is wider than its column. */
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
