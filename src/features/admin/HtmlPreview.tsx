import { useState } from 'react';
import { Button } from '../../components/ui/Button';

/**
 * Unsaved lesson HTML in a frame whose `sandbox=""` runs no script, submits no form and has an
 * origin of its own, so a draft can do no harm; learners see the server's sanitised copy.
 */
export function DraftHtmlPreview({ html }: { html: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-2">
      <Button size="sm" variant="outline" className="w-fit" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? 'Skjul forhåndsvisning' : 'Vis forhåndsvisning'}
      </Button>
      {open && (
        <iframe
          title="Forhåndsvisning av HTML-innholdet"
          sandbox=""
          srcDoc={html}
          className="h-56 w-full rounded-lg border border-slate-200 bg-white"
        />
      )}
    </div>
  );
}
