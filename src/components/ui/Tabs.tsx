import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps, CSSProperties } from 'react';
import { cn } from './cn';

/** No inline styles: /admin renders its tabs on the server, where the page's CSP refuses `style` attributes. */
export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn('flex flex-col gap-4', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn('inline-flex w-fit items-center gap-1 rounded-lg bg-slate-100 p-1 text-muted outline-none', className)}
      {...props}
      style={noOutlineStyle}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-semibold transition-colors hover:text-ink disabled:pointer-events-none disabled:opacity-60 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/** Overrides Radix's `outline: none` with nothing (the class `outline-none` does it). */
const noOutlineStyle: CSSProperties = { outline: undefined };

export function TabsContent({ className, children, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content data-slot="tabs-content" className={cn('min-w-0', className)} {...props} asChild>
      <PanelElement>{children}</PanelElement>
    </TabsPrimitive.Content>
  );
}

function PanelElement({ style: _style, ...props }: ComponentProps<'div'>) {
  return <div {...props} />;
}
