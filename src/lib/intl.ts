/** The first Intl object a page builds costs tens of ms of locale data, which must not land in an island's first script evaluation. */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
