import { PRODUCT_NAME } from '../../config/product';

export function AppLogo() {
  return (
    <a href="/" className="flex min-w-0 items-center gap-2 rounded-md">
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="#2450c8" />
        <path d="M9 23V9h3v5.6L17 9h3.7l-5.3 6.2L21 23h-3.7l-4-5.8-1.3 1.5V23z" fill="#fff" />
      </svg>
      <span className="min-w-0">
        <span className="block truncate text-lg font-bold leading-tight text-brand-900">{PRODUCT_NAME}</span>
        <span className="block text-xs font-medium text-muted">Oversikt</span>
      </span>
    </a>
  );
}
