import { useQueryClient } from '@tanstack/react-query';
import { isSupportedCurrency } from '@app/contract';
import { useToast } from '../../../components/ui/useToast.ts';
import { setDisplayCurrency } from '../../currency/currency-store.ts';
import { getSession, meQueryKey, setSession } from '../../session/index.ts';

/**
 * What every account section does after a successful save: a success toast, a fresh v1/me, and
 * the session (header name, account currency) brought up to date. When the account's currency
 * moves, the display currency follows, as it does on login.
 */
export function useAccountUpdate() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return {
    saved(message: string, patch: { firstName?: string; lastName?: string; email?: string; currency?: unknown; level?: number } = {}) {
      toast.success(message);
      const user = getSession().user;
      if (user && (patch.firstName || patch.lastName || patch.email)) {
        const next = { ...user, ...pick(patch, ['firstName', 'lastName', 'email']) };
        setSession({ user: next, ...(patch.email ? { email: patch.email } : {}) });
        try {
          localStorage.setItem('name', `${next.firstName} ${next.lastName}`.trim());
          if (patch.email) localStorage.setItem('email', patch.email);
        } catch {
          /* storage unavailable: the session state is updated all the same */
        }
      } else if (patch.email) {
        setSession({ email: patch.email });
      }
      if (isSupportedCurrency(patch.currency)) {
        setSession({ currency: patch.currency, ...(patch.level !== undefined ? { currencyType: patch.level } : {}) });
        setDisplayCurrency(patch.currency);
      }
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  };
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
