import { describe, expect, it } from 'vitest';
import { contrast, normaliseHex, textOn } from './brand-color.ts';

describe('brand colours', () => {
  it('accepts #rgb and #rrggbb in any case and refuses the rest', () => {
    expect(normaliseHex('#0A7')).toBe('#00aa77');
    expect(normaliseHex(' #1D4ED8 ')).toBe('#1d4ed8');
    for (const bad of ['blue', '#12345', '#gggggg', '1d4ed8', '#1d4ed8ff', 'url(x)']) expect(normaliseHex(bad)).toBeNull();
  });

  it('picks the text colour with the better contrast', () => {
    expect(textOn('#1d4ed8')).toBe('#ffffff');
    expect(textOn('#fde047')).toBe('#0f172a');
    expect(textOn('not a colour')).toBe('#ffffff');
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 0);
  });
});
