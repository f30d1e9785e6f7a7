/** Panels other pages may place: the chain tree, pending answers, the invite form, the referral link. */
export { ChainTree } from './components/ChainTree.tsx';
export { PendingRequests } from './components/PendingRequests.tsx';
export { InviteForm } from './components/InviteForm.tsx';
export { ReferralLinkCard } from './components/ReferralLinkCard.tsx';
