/**
 * Intl formatters made on first use and kept. The first `Intl.DateTimeFormat` a page builds costs
 * Chrome 30–55 ms of main thread (×4 on Lighthouse's phone: 115–220 ms, measured 2026-11-26) to
 * load the locale's calendar data, and the first `Intl.NumberFormat` another few; built at a
 * module's top level, that cost lands in the island's first script evaluation whether or not the
 * view shows a date. Browser modules therefore build them through this.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
