import { useEffect, useRef } from 'react';

/**
 * The newsletter mail as subscribers get it, drawn in a shadow root: its own styles stay inside
 * and the console's stay out. An iframe would be the usual box, but the page's CSP
 * (frame-ancestors 'none') is inherited by a srcdoc frame, which then stays blank. The HTML is the
 * server's own mail template around the operator's escaped text, and the CSP (no inline scripts)
 * stops any handler attribute from running all the same.
 */
export function MailPreview({ html }: { html: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    root.innerHTML = html;
  }, [html]);
  return <div ref={host} className="admin-preview__mail" role="document" aria-label="Mail preview" />;
}
