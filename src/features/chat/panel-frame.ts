/** The panel's frame: a full-screen sheet on small screens, a 26rem column on the right from `lg`. */
export const chatPanelFrame =
  'fixed inset-0 z-50 flex flex-col bg-white lg:sticky lg:inset-auto lg:top-0 lg:z-auto lg:h-screen lg:w-[26rem] lg:shrink-0 lg:border-l lg:border-slate-200';

/** Where the panel is the full-screen sheet (below Tailwind's `lg`, 64rem): a modal one, which keeps focus inside. */
export const chatPanelModalQuery = '(max-width: 63.999rem)';
