/**
 * The small pages the newsletter's mail links open. They are answered by the API itself (no
 * script, one inline style), so a link works even where the web app is not built, and every
 * outcome, expired or used links included, gets an honest sentence and a way on.
 */

export interface Page {
  status: number;
  html: string;
  /** The same outcome in words, for callers that want JSON (the envelope's message). */
  message: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

interface PageContent {
  title: string;
  lead: string;
  /** A form posting back (the unsubscribe confirmation), or a link on. */
  action?: { kind: 'form'; url: string; label: string } | { kind: 'link'; url: string; label: string };
  tone: 'ok' | 'warn';
}

/** One small page (also used by other mail links: event footprint confirmations). */
export function page(status: number, content: PageContent): Page {
  const icon = content.tone === 'ok' ? '&#10003;' : '!';
  let action = '';
  if (content.action?.kind === 'form') {
    action = `<form method="post" action="${escapeHtml(content.action.url)}"><button type="submit">${escapeHtml(content.action.label)}</button></form>`;
  } else if (content.action) {
    action = `<a class="button" href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.label)}</a>`;
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(content.title)} · Carbonwise</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6f8;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1f24;line-height:1.5}
main{max-width:30rem;margin:1rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08);text-align:center}
.brand{font-weight:700;color:#1d5fd1;margin:0 0 1.5rem}
.icon{width:3rem;height:3rem;border-radius:50%;display:grid;place-items:center;margin:0 auto 1rem;font-size:1.5rem;font-weight:700}
.ok{background:#e3f4ea;color:#146c43}.warn{background:#fff4e0;color:#8a4b00}
h1{font-size:1.4rem;margin:0 0 .75rem}p{margin:0 0 1.5rem;color:#3d4651}
.button,button{display:inline-block;background:#1d5fd1;color:#fff;border:0;border-radius:6px;padding:.7rem 1.4rem;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button:focus-visible,button:focus-visible{outline:3px solid #1a1f24;outline-offset:2px}
.home{display:block;margin-top:1rem;color:#1d5fd1}
</style></head>
<body><main><p class="brand">Carbonwise</p><div class="icon ${content.tone}" aria-hidden="true">${icon}</div>
<h1>${escapeHtml(content.title)}</h1><p>${escapeHtml(content.lead)}</p>${action}
${content.action?.kind === 'form' ? '<a class="home" href="/">Keep my subscription and go to the shop</a>' : ''}
</main></body></html>`;
  return { status, html, message: `${content.title}${/[.?!]$/.test(content.title) ? '' : '.'} ${content.lead}` };
}

const shop = { kind: 'link', url: '/', label: 'Go to the shop' } as const;

export const confirmPages = {
  confirmed: () =>
    page(200, { tone: 'ok', title: 'You are subscribed', lead: 'Thank you for confirming. A welcome email is on its way; every newsletter has a link to unsubscribe.', action: shop }),
  'already-confirmed': () => page(200, { tone: 'ok', title: 'Already confirmed', lead: 'This subscription was confirmed before. There is nothing more to do.', action: shop }),
  expired: () =>
    page(410, { tone: 'warn', title: 'This link has expired', lead: 'Confirmation links are valid for 7 days. Subscribe again on the home page and we will send you a new one.', action: shop }),
  used: () =>
    page(410, {
      tone: 'warn',
      title: 'This link was already used',
      lead: 'The subscription it confirmed has since been cancelled. To receive the newsletter again, subscribe on the home page.',
      action: shop,
    }),
  invalid: () =>
    page(400, {
      tone: 'warn',
      title: 'This link is not valid',
      lead: 'It may be incomplete, or a newer confirmation email replaced it: please use the link in the most recent email, or subscribe again on the home page.',
      action: shop,
    }),
};

export const unsubscribePages = {
  ask: (formUrl: string) =>
    page(200, { tone: 'warn', title: 'Unsubscribe from the newsletter?', lead: 'You will no longer receive the Carbonwise newsletter at this address.', action: { kind: 'form', url: formUrl, label: 'Unsubscribe' } }),
  unsubscribed: () =>
    page(200, { tone: 'ok', title: 'You are unsubscribed', lead: 'You will not receive the newsletter any more. Changed your mind? You can subscribe again on the home page.', action: shop }),
  'already-unsubscribed': () =>
    page(200, { tone: 'ok', title: 'You are unsubscribed', lead: 'This address is not on the newsletter list. You can subscribe again on the home page any time.', action: shop }),
  invalid: () =>
    page(400, { tone: 'warn', title: 'This link is not valid', lead: 'It may be incomplete. Please open the unsubscribe link from the newsletter email again, or write to us.', action: shop }),
};
