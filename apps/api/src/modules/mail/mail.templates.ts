import { LOGIN_LOCK_MINUTES, OTP_TTL_SECONDS, quantityWithUnit, RESET_LINK_TTL_MINUTES, VERIFY_LINK_TTL_HOURS } from '@app/contract';

/** A rendered email: both an HTML and a plain-text body, always. */
export interface RenderedEmail {
  template: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers for the message (List-Unsubscribe on newsletter mail). */
  headers?: Record<string, string>;
}

const BRAND = 'Carbonwise';
/** Known when the order is written; the body is rendered after the commit (mail.deferred.ts). */
export const orderConfirmationSubject = (orderNumber: string) => `Your ${BRAND} order ${orderNumber}`;
const ACCENT = '#1d5fd1';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface Block {
  paragraphs: string[];
  /** A list of links after the paragraphs (certificate serials and their verification pages). */
  links?: { label: string; url: string }[];
  code?: string;
  button?: { label: string; url: string };
  footnote?: string;
  /** A small link under everything (the newsletter's unsubscribe link). */
  footerLink?: { label: string; url: string };
  /** A boxed card of labelled facts before the button (a gift's certificate). */
  card?: { title: string; rows: [label: string, value: string][] };
}

/** One layout for every email; table-based with inline styles because mail clients need it. */
export function render(template: string, subject: string, greetingName: string | null, block: Block): RenderedEmail {
  const greeting = greetingName ? `Hello ${greetingName},` : 'Hello,';
  const htmlParts = [
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>`,
    ...block.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`),
  ];
  if (block.links?.length) {
    htmlParts.push(
      `<ul style="margin:0 0 16px;padding-left:20px">${block.links.map((link) => `<li><a href="${escapeHtml(link.url)}" style="color:${ACCENT}">${escapeHtml(link.label)}</a></li>`).join('')}</ul>`,
    );
  }
  if (block.code) {
    htmlParts.push(
      `<p style="margin:0 0 16px;font-size:32px;letter-spacing:8px;font-weight:700;font-family:ui-monospace,Menlo,monospace" data-code="${escapeHtml(block.code)}">${escapeHtml(block.code)}</p>`,
    );
  }
  if (block.card) {
    const rows = block.card.rows.map(([label, value]) => `<tr><td style="padding:4px 12px 4px 0;color:#555;font-size:13px;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`);
    htmlParts.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border:2px solid #2f7d4f;border-radius:8px;padding:16px;margin:0 0 16px;background:#f3faf5"><tr><td><p style="margin:0 0 8px;font-size:16px;font-weight:700;color:#2f7d4f">${escapeHtml(block.card.title)}</p><table role="presentation" cellpadding="0" cellspacing="0">${rows.join('')}</table></td></tr></table>`,
    );
  }
  if (block.button) {
    htmlParts.push(
      `<p style="margin:24px 0"><a href="${escapeHtml(block.button.url)}" style="background:${ACCENT};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600;display:inline-block">${escapeHtml(block.button.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, open this link: <a href="${escapeHtml(block.button.url)}" style="color:${ACCENT}">${escapeHtml(block.button.url)}</a></p>`,
    );
  }
  if (block.footnote) htmlParts.push(`<p style="margin:16px 0 0;font-size:13px;color:#555">${escapeHtml(block.footnote)}</p>`);
  if (block.footerLink) {
    htmlParts.push(`<p style="margin:16px 0 0;font-size:13px;color:#555"><a href="${escapeHtml(block.footerLink.url)}" style="color:#555">${escapeHtml(block.footerLink.label)}</a></p>`);
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1a1f24;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-size:20px;font-weight:700;color:${ACCENT}">${BRAND}</p>${htmlParts.join('\n')}</td></tr></table>
<p style="font-size:12px;color:#6b7280;margin:16px 0 0">${BRAND} · verified carbon offsets and sustainable goods</p>
</td></tr></table></body></html>`;

  const textParts = [greeting, '', ...block.paragraphs.flatMap((p) => [p, ''])];
  if (block.links?.length) textParts.push(...block.links.map((link) => `- ${link.label}: ${link.url}`), '');
  if (block.code) textParts.push(`Your code: ${block.code}`, '');
  if (block.card) textParts.push(block.card.title, ...block.card.rows.map(([label, value]) => `  ${label}: ${value}`), '');
  if (block.button) textParts.push(`${block.button.label}: ${block.button.url}`, '');
  if (block.footnote) textParts.push(block.footnote, '');
  if (block.footerLink) textParts.push(`${block.footerLink.label}: ${block.footerLink.url}`, '');
  textParts.push(`— ${BRAND}`);
  return { template, subject, html, text: textParts.join('\n') };
}

const codeMinutes = OTP_TTL_SECONDS / 60;

/**
 * Every email greets by `firstName`, or just "Hello," when it is null. Callers pass null for
 * any address not yet proven (greetingName in auth.context.ts): text someone typed at sign-up
 * must never reach an inbox whose owner has not confirmed it (decision 0005).
 */
export const emails = {
  verifyAccount: (p: { firstName: string | null; link: string; code: string }) =>
    render('verify-account', `Verify your email for ${BRAND}`, p.firstName, {
      paragraphs: [
        `Thank you for registering with ${BRAND}. Please click the 'Verify email' button below to verify and activate your account, or enter this code in the verification window:`,
      ],
      code: p.code,
      button: { label: 'Verify email', url: p.link },
      footnote: `The code is valid for ${codeMinutes} minutes and the button for ${VERIFY_LINK_TTL_HOURS} hours. If you did not create an account, you can ignore this email.`,
    }),

  accountExists: (p: { firstName: string | null; loginUrl: string; resetUrl: string }) =>
    render('account-exists', `You already have a ${BRAND} account`, p.firstName, {
      paragraphs: [
        'Someone, hopefully you, tried to register a new account with this email address. You already have an account, so nothing was changed.',
        'You can log in, or reset your password if you have forgotten it.',
      ],
      button: { label: 'Log in', url: p.loginUrl },
      footnote: `Forgot your password? Reset it here: ${p.resetUrl}`,
    }),

  passwordResetLink: (p: { firstName: string | null; link: string }) =>
    render('password-reset-link', `Reset your ${BRAND} password`, p.firstName, {
      paragraphs: ['We received a request to reset the password of your account.'],
      button: { label: 'Reset password', url: p.link },
      footnote: `This link works once and expires in ${RESET_LINK_TTL_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays the same.`,
    }),

  passwordResetCode: (p: { firstName: string | null; code: string }) =>
    render('password-reset-code', `Your ${BRAND} password reset code`, p.firstName, {
      paragraphs: ['Use this code to reset the password of your account:'],
      code: p.code,
      footnote: `The code is valid for ${codeMinutes} minutes. If you did not ask for it, ignore this email: your password stays the same.`,
    }),

  passwordChanged: (p: { firstName: string | null; resetUrl: string }) =>
    render('password-changed', `Your ${BRAND} password was changed`, p.firstName, {
      paragraphs: ['The password of your account was just changed, and every other session was logged out.'],
      footnote: `If this was not you, reset your password now: ${p.resetUrl}`,
    }),

  recoveryEmailCode: (p: { firstName: string | null; code: string }) =>
    render('recovery-email-code', `Confirm your recovery email for ${BRAND}`, p.firstName, {
      paragraphs: ['Enter this code to make this address the recovery email of your account:'],
      code: p.code,
      footnote: `The code is valid for ${codeMinutes} minutes. If you did not ask for it, ignore this email.`,
    }),

  primaryEmailCode: (p: { firstName: string | null; code: string }) =>
    render('primary-email-code', `Confirm your new email for ${BRAND}`, p.firstName, {
      paragraphs: ['Enter this code to confirm this address as the new login email of your account:'],
      code: p.code,
      footnote: `The code is valid for ${codeMinutes} minutes. If you did not ask for it, ignore this email.`,
    }),

  primaryEmailChanged: (p: { firstName: string | null; newEmail: string; resetUrl: string }) =>
    render('primary-email-changed', `Your ${BRAND} login email was changed`, p.firstName, {
      paragraphs: [`The login email of your account was changed to ${p.newEmail}.`],
      footnote: `If this was not you, reset your password now: ${p.resetUrl}`,
    }),

  accountLocked: (p: { firstName: string | null; until: string; resetUrl: string }) =>
    render('account-locked', `Your ${BRAND} account was locked`, p.firstName, {
      paragraphs: [`After several failed login attempts we locked your account for ${LOGIN_LOCK_MINUTES} minutes, until ${p.until}.`],
      footnote: `If this was not you, consider resetting your password: ${p.resetUrl}`,
    }),

  /** Sent once an order is paid: number, lines, total and a link to the order page. */
  orderConfirmation: (p: {
    firstName: string | null;
    orderNumber: string;
    lines: { name: string; quantity: number; total: string; unit?: string }[];
    discount: string | null;
    total: string;
    url: string;
    testPayment: boolean;
    /** Each retirement certificate's serial and its public verification page. */
    certificates?: { serial: string; name: string; tonnes: number; url: string }[];
  }) =>
    render('order-confirmation', orderConfirmationSubject(p.orderNumber), p.firstName, {
      paragraphs: [
        `Thank you for your order ${p.orderNumber}. It is paid and confirmed.`,
        ...p.lines.map((line) => `${quantityWithUnit(line.quantity, line.unit)} × ${line.name}: ${line.total}`),
        ...(p.discount ? [`Discount: −${p.discount}`] : []),
        `Total: ${p.total}`,
        ...(p.certificates?.length ? ['Your retirement certificates (anyone can check a serial on its verification page):'] : []),
      ],
      links: p.certificates?.map((c) => ({ label: `${c.serial} — ${c.tonnes} t, ${c.name}`, url: c.url })),
      button: { label: 'View your order', url: p.url },
      ...(p.testPayment ? { footnote: 'This order was paid with the test payment provider: no money was taken.' } : {}),
    }),
  /** The coupon ran out (or the order was no longer open) when the payment arrived: the payment goes back in full. */
  orderPaymentRefunded: (p: { firstName: string | null; orderNumber: string; reason: string; amount: string; url: string }) =>
    render('order-payment-refunded', `Your ${BRAND} order ${p.orderNumber} was cancelled and your payment refunded`, p.firstName, {
      paragraphs: [
        `We could not accept your payment for order ${p.orderNumber}: ${p.reason}`,
        `The ${p.amount} you paid is being refunded in full to the card or account you paid with. Banks usually show it within 5 to 10 days.`,
        'Nothing from this order will be delivered or retired for you. You are welcome to order again.',
      ],
      button: { label: 'View the order', url: p.url },
    }),
};
