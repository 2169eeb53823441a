import { type ReactNode, Suspense } from 'react';

/** A Suspense boundary React hydrates on its own, so hydration is several short tasks (the phone's Total Blocking Time); nothing in it suspends on the server. */
export function HydrateInParts({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
