import { NEWSLETTER_CONFIRM_TTL_DAYS } from '@app/contract';
import { render, type RenderedEmail } from '../mail/mail.templates.ts';

/**
 * The newsletter's mails. Nothing here greets by name: an address on the list is not proven to
 * belong to any account (decision 0005). Every mail sent to a subscriber carries an unsubscribe
 * link and the List-Unsubscribe headers (RFC 2369, one-click per RFC 8058) mail clients show as
 * their own "Unsubscribe" button.
 */

export interface UnsubscribeLinks {
  /** The page a person opens from the mail (GET shows a confirm button). */
  page: string;
  /** Where a mail client POSTs `List-Unsubscribe=One-Click`. */
  oneClick: string;
}

function unsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export const newsletterMails = {
  /** Double opt-in: nothing is sent to the address until its owner clicks this. */
  confirm: (p: { link: string }): RenderedEmail =>
    render('newsletter-confirm', 'Confirm your Carbonwise newsletter subscription', null, {
      paragraphs: [
        'Someone, hopefully you, asked to receive the Carbonwise newsletter at this address: cutting-edge insights on sustainability, delivered to your inbox.',
        'Please confirm that you want it:',
      ],
      button: { label: 'Confirm subscription', url: p.link },
      footnote: `The link is valid for ${NEWSLETTER_CONFIRM_TTL_DAYS} days. If you did not ask for this, ignore this email: you will not be subscribed and we will not write again.`,
    }),

  welcome: (p: { shopUrl: string; unsubscribe: UnsubscribeLinks }): RenderedEmail => ({
    ...render('newsletter-welcome', 'Welcome to the Carbonwise newsletter', null, {
      paragraphs: [
        'Thank you for confirming your subscription. You will be the first one to get cutting-edge insights on Sustainability, delivered to your inbox.',
        'Meanwhile, browse verified offset projects and sustainable goods in the shop.',
      ],
      button: { label: 'Visit the shop', url: p.shopUrl },
      footnote: 'You receive this email because you subscribed to the Carbonwise newsletter.',
      footerLink: { label: 'Unsubscribe', url: p.unsubscribe.page },
    }),
    headers: unsubscribeHeaders(p.unsubscribe),
  }),

  /** One issue of the newsletter (npm run newsletter:send), body as plain paragraphs. */
  issue: (p: { subject: string; paragraphs: string[]; unsubscribe: UnsubscribeLinks }): RenderedEmail => ({
    ...render('newsletter-issue', p.subject, null, {
      paragraphs: p.paragraphs,
      footnote: 'You receive this email because you subscribed to the Carbonwise newsletter.',
      footerLink: { label: 'Unsubscribe', url: p.unsubscribe.page },
    }),
    headers: unsubscribeHeaders(p.unsubscribe),
  }),
};
