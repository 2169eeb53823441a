import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered island that React may hydrate on its own, after the rest
 *. React leaves every Suspense boundary of the server's HTML dehydrated in the
 * first hydration pass and hydrates it afterwards in work it can pause, so the page's
 * hydration is several short tasks instead of one long one (the phone's Total Blocking Time),
 * and a click on a part not hydrated yet hydrates that part first. Nothing in it suspends on
 * the server (a lazy part keeps its own boundary inside), so the server sends it complete
 * (`<!--$-->`, no fallback, no inline script); the fallback is never shown.
 */
export function HydrateInParts({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
