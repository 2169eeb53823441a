import type { ReactNode } from 'react';
import { cn } from './cn';

/** What QueryState reads from a query: a react-query result fits, and so does a combination of several. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  loading: ReactNode;
  /** A text (shown with a 'Prøv igjen' button) or a rendering of the error. */
  error: string | ((error: unknown, retry: () => void) => ReactNode);
  /** With `empty`: data that counts as empty shows the empty text instead of children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  className?: string;
  children: (data: T) => ReactNode;
}

/** The sequence every read shows: loading → error (with retry) → empty → the data. */
export function QueryState<T>({ query, loading, error, isEmpty, empty, className, children }: QueryStateProps<T>) {
  const retry = () => void query.refetch();
  const pending = <p className={cn('text-muted', className)}>{loading}</p>;
  if (query.isPending) return pending;
  if (query.isError) {
    return typeof error === 'string' ? <QueryError text={error} onRetry={retry} className={className} /> : error(query.error, retry);
  }
  if (query.data === undefined) return pending;
  if (isEmpty?.(query.data)) return <p className={cn('text-muted', className)}>{empty}</p>;
  return children(query.data);
}

export function QueryError({ text, onRetry, className }: { text: ReactNode; onRetry: () => void; className?: string }) {
  return (
    <p className={cn('text-sm text-danger', className)} role="alert">
      {text}{' '}
      <button type="button" onClick={onRetry} className="font-semibold underline">
        Prøv igjen
      </button>
    </p>
  );
}
