/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    'client:ready'?: boolean;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** Set by guardAppPage (src/server/auth/app-page.ts); src/layouts/AppLayout.astro refuses to render without it. */
      appPageGuarded?: boolean;
    }
  }
}

export {};
