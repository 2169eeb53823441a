/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate only when the `signed_in` hint cookie is present (src/directives/signed-in.ts). */
    'client:signedin'?: boolean;
  }
}

export {};
