import type { SaveBusinessCarbonBody } from '@app/contract/business-carbon';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useSession } from '../../session/session-store.ts';
import { readStoredUserId, useJoinedBusiness, useMyBusiness } from '../../business/api.ts';
import { useSaveToBusiness } from '../api.ts';
import '../business-carbon.css';

type HouseholdInputs = Extract<NonNullable<SaveBusinessCarbonBody['calculation']>, { kind: 'household' }>['inputs'];

/**
 * "Save to my business" under the calculator's result, for people who own or belong to a
 * business. It sends the inputs only; the server computes the footprint it keeps.
 */
export function SaveToBusinessButton({ inputs }: { inputs: HouseholdInputs | null }) {
  const userId = useSession((state) => state.user?._id) ?? readStoredUserId();
  const mine = useMyBusiness(userId);
  const joined = useJoinedBusiness(userId);
  const save = useSaveToBusiness();
  const toast = useToast();
  const business = mine.data ?? (joined.data?.status === 'active' ? joined.data.businessId : null);
  if (!business) return null;

  function onClick() {
    if (!inputs) return;
    save.mutate(
      { businessCode: business!.businessCode, calculation: { kind: 'household', inputs } },
      {
        onSuccess: (answer) => toast.success(answer.data.created ? `Saved to ${answer.data.businessName}` : `Already saved to ${answer.data.businessName}`),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <div className="save-to-business">
      <Button variant="secondary" onClick={onClick} loading={save.isPending} disabled={!inputs}>
        Save to my business
      </Button>
      <span className="carbon-muted carbon-small">Adds this household to {business.name}'s footprint.</span>
    </div>
  );
}
