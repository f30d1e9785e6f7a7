import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * A form's fields, disabled while a server-rendered page waits for hydration (see useHydrated);
 * `data-hydrating` keeps the disabled look from flashing for that moment (form.css).
 */
export function HydratedFieldset({ children, layout = 'form' }: { children: ReactNode; /** 'contents': the fields lay out as if the fieldset were not there. */ layout?: 'form' | 'contents' }) {
  const hydrated = useHydrated();
  return (
    <fieldset className={layout === 'contents' ? 'form form--contents' : 'form'} disabled={!hydrated} data-hydrating={hydrated ? undefined : ''}>
      {children}
    </fieldset>
  );
}
