import { formatTonnesNumber } from '@app/contract';
import { certificateVerifyPath, giftClaimPath } from '@app/contract/orders';
import { render, type RenderedEmail } from '../mail/mail.templates.ts';

/** What a gift's emails state about its certificate. */
export interface GiftMailFacts {
  serial: string;
  projectName: string;
  tonnesMilli: number;
  standardName: string | null;
  country: string | null;
  recipientName: string;
  fromName: string;
  message: string | null;
}

const tonnesText = (milli: number) => `${formatTonnesNumber(milli / 1000)} t CO2e`;

function card(facts: GiftMailFacts, status: string): { title: string; rows: [string, string][] } {
  const rows: [string, string][] = [
    ['Project', facts.projectName],
    ['Retired', tonnesText(facts.tonnesMilli)],
    ['Beneficiary', facts.recipientName],
    ['Serial', facts.serial],
  ];
  if (facts.standardName) rows.push(['Standard', facts.standardName]);
  if (facts.country) rows.push(['Country', facts.country]);
  rows.push(['Status', status]);
  return { title: 'Retirement certificate', rows };
}

/**
 * The recipient's email (decision 0051): held in the outbox until the chosen day. It carries the
 * certificate card, the public verification link and the claim link. The greeting uses the name
 * the giver typed: the address is the giver's choice, so the text says who sent it and why.
 */
export function giftReceivedEmail(facts: GiftMailFacts, links: { publicUrl: string; token: string }): RenderedEmail {
  const verifyUrl = `${links.publicUrl}${certificateVerifyPath(facts.serial)}`;
  const paragraphs = [
    `${facts.fromName} has retired ${tonnesText(facts.tonnesMilli)} with ${facts.projectName} in your name, through Carbonwise. The certificate names you as its beneficiary.`,
  ];
  if (facts.message) paragraphs.push(`${facts.fromName} wrote: “${facts.message}”`);
  paragraphs.push(`Anyone can check the certificate at ${verifyUrl}`);
  paragraphs.push('Claim it to count these tonnes in your own footprint and profile: sign in, or create an account, with this email address.');
  return render('gift-received', `${facts.fromName} gave you ${tonnesText(facts.tonnesMilli)} of verified carbon offsets`, facts.recipientName, {
    paragraphs,
    card: card(facts, 'Valid'),
    button: { label: 'Claim your gift', url: `${links.publicUrl}${giftClaimPath(links.token)}` },
    footnote: 'If you do not know the sender you can ignore this email: the certificate stays valid whether or not you claim it.',
  });
}

/** The recipient is told when a refund voids their gift's certificate. */
export function giftVoidedEmail(facts: GiftMailFacts, publicUrl: string): RenderedEmail {
  return render('gift-voided', `The carbon offset gift from ${facts.fromName} was cancelled`, facts.recipientName, {
    paragraphs: [
      `The order in which ${facts.fromName} gave you ${tonnesText(facts.tonnesMilli)} with ${facts.projectName} was refunded, so its certificate is now void.`,
      'Its tonnes no longer count in your footprint or profile. The serial keeps verifying, and says it is void.',
    ],
    card: card(facts, 'Void'),
    button: { label: 'See the certificate', url: `${publicUrl}${certificateVerifyPath(facts.serial)}` },
  });
}
