// `tsc` (npm run check's second half) does not read .astro files; `astro check` does, and gives
// pages their real type. For tsc, a page imported by a test (tests/integration/*-ssr.test.ts) is
// what Astro's container API renders.
declare module '*.astro' {
  const page: Parameters<import('astro/container').experimental_AstroContainer['renderToResponse']>[0];
  export default page;
}
