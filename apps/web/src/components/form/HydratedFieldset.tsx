import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * A form's fields, disabled while a server-rendered page waits for hydration (see useHydrated);
 * `data-hydrating` keeps the disabled look from flashing for that moment (form.css).
 */
export function HydratedFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="form" disabled={!hydrated} data-hydrating={hydrated ? undefined : ''}>
      {children}
    </fieldset>
  );
}
