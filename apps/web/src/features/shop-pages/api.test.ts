import { describe, expect, it } from 'vitest';
import { draftForm, type ShopPageDraft } from './api.ts';

const draft: ShopPageDraft = { title: 'Shop', tagline: '', description: 'About', brandColor: '#0f766e', productIds: ['a', 'b'], logo: null, banner: null, removeLogo: true, removeBanner: false };

describe('draftForm', () => {
  it('sends the fields the server reads, products comma-separated, and the business only on create', () => {
    const created = draftForm(draft, 'biz-1');
    expect(created.get('businessId')).toBe('biz-1');
    expect(created.get('productIds')).toBe('a,b');
    expect(created.get('removeLogo')).toBe('true');
    expect(created.has('removeBanner')).toBe(false);
    expect(draftForm(draft).has('businessId')).toBe(false);
  });

  it('sends a chosen file instead of a removal', () => {
    const logo = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
    const form = draftForm({ ...draft, logo });
    expect(form.get('logo')).toBeInstanceOf(File);
    expect(form.has('removeLogo')).toBe(false);
  });
});
