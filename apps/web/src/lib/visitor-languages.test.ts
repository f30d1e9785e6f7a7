import { afterEach, describe, expect, it } from 'vitest';
import { parseAcceptLanguage, setRenderedLanguages, visitorLanguages } from './visitor-languages.ts';

describe('visitor languages', () => {
  afterEach(() => setRenderedLanguages(null));

  it('reads an Accept-Language header by weight, then order, skipping q=0 and malformed parts', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(parseAcceptLanguage('en;q=0.5, en-GB')).toEqual(['en-GB', 'en']);
    expect(parseAcceptLanguage('en-US;q=0, hi-IN')).toEqual(['hi-IN']);
    expect(parseAcceptLanguage('<script>, en-GB;q=abc, de-DE')).toEqual(['en-GB', 'de-DE']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage(Array.from({ length: 50 }, (_, i) => `en-${String.fromCharCode(65 + (i % 26))}A`).join(','))).toHaveLength(8);
  });

  it('answers what the server rendered with, else the browser’s own list', () => {
    expect(visitorLanguages()).toEqual(navigator.languages?.length ? navigator.languages : [navigator.language]);
    setRenderedLanguages(['und-GB']);
    expect(visitorLanguages()).toEqual(['und-GB']);
  });
});
