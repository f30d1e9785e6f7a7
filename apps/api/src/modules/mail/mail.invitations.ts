import { render } from './mail.templates.ts';

const BRAND = 'Carbonwise';

/**
 * Mails sent to an address someone else typed (a network invitation, an event footprint to
 * confirm). The recipient has proved nothing yet, so they greet nobody by name and say plainly
 * that ignoring them changes nothing.
 */
export const invitationEmails = {
  /** Issue 23 item 4: sent whether or not the address has an account, so the answer to the asker never differs. */
  chainInvitation: (p: { askerName: string; relationship: string; direction: 'invite' | 'request'; url: string }) =>
    render('chain-invitation', `${p.askerName} ${p.direction === 'invite' ? 'invited you to their network' : 'asks to join your network'} on ${BRAND}`, null, {
      paragraphs: [
        p.direction === 'invite'
          ? `${p.askerName} invited you into their ${BRAND} network as ${article(p.relationship)} ${p.relationship}.`
          : `${p.askerName} asks to join your ${BRAND} network as ${article(p.relationship)} ${p.relationship}.`,
        `Sign in, or create an account with this email address, to accept or decline. Nobody sees your name until you accept.`,
      ],
      button: { label: 'Answer the invitation', url: p.url },
      footnote: 'If you do not know this person, ignore this email: nothing happens unless you accept.',
    }),

  /** Issue 23 item 5: a visitor's event footprint counts only once the address confirms it. */
  eventFootprintConfirmation: (p: { eventName: string; totalTonnes: string; url: string; hours: number }) =>
    render('event-footprint-confirm', `Confirm your footprint for ${p.eventName}`, null, {
      paragraphs: [
        `A footprint of ${p.totalTonnes} t CO2e was recorded for ${p.eventName} with this email address.`,
        'Confirm it was you, and it counts in the event’s totals and in your own footprint history.',
      ],
      button: { label: 'Confirm my footprint', url: p.url },
      footnote: `The link works for ${p.hours} hours. If this was not you, ignore this email: the footprint is not counted.`,
    }),
};

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
