import { describe, expect, it } from 'vitest';
import { composeAddress, deriveAddressParts, isAllowedWebsite, websiteHref } from './record-stores.schemas.js';

describe('composeAddress', () => {
  it('joins street, city, state plus zip and the country only when it is not USA', () => {
    expect(
      composeAddress({ streetAddress: '6400 Sunset Blvd', city: 'Los Angeles', state: 'CA', zipCode: '90028', country: 'USA' }),
    ).toBe('6400 Sunset Blvd, Los Angeles, CA 90028');
    expect(
      composeAddress({ streetAddress: '130 Talbot Rd', city: 'London', state: 'England', zipCode: 'W11 1JA', country: 'UK' }),
    ).toBe('130 Talbot Rd, London, England W11 1JA, UK');
    expect(composeAddress({ streetAddress: '1 Main St', city: 'Austin', state: 'TX', zipCode: null, country: null })).toBe(
      '1 Main St, Austin, TX',
    );
  });
});

describe('deriveAddressParts (editing an older store)', () => {
  it('splits on commas: street, city, state and zip on a space, then country', () => {
    expect(deriveAddressParts('6400 Sunset Blvd, Los Angeles, CA 90028')).toEqual({
      streetAddress: '6400 Sunset Blvd',
      city: 'Los Angeles',
      state: 'CA',
      zipCode: '90028',
      country: 'USA',
    });
    expect(deriveAddressParts('12 High St, Oxford, Oxon OX1, UK')).toEqual({
      streetAddress: '12 High St',
      city: 'Oxford',
      state: 'Oxon',
      zipCode: 'OX1',
      country: 'UK',
    });
    expect(deriveAddressParts('1 George St, Sydney, New South Wales, Australia')).toEqual({
      streetAddress: '1 George St',
      city: 'Sydney',
      state: 'New South Wales',
      zipCode: null,
      country: 'Australia',
    });
    expect(deriveAddressParts('Somewhere')).toEqual({
      streetAddress: 'Somewhere',
      city: '',
      state: '',
      zipCode: null,
      country: 'USA',
    });
  });
});

describe('website rules', () => {
  it('allows http(s) and bare addresses, never other schemes', () => {
    expect(isAllowedWebsite('https://amoeba.com')).toBe(true);
    expect(isAllowedWebsite('amoeba.com/shop')).toBe(true);
    expect(isAllowedWebsite('javascript:alert(1)')).toBe(false);
    expect(isAllowedWebsite('data:text/html,x')).toBe(false);
    expect(isAllowedWebsite('java\tscript:alert(1)')).toBe(false);
  });
  it('prepends https:// to a website that does not start with http', () => {
    expect(websiteHref('amoeba.com')).toBe('https://amoeba.com');
    expect(websiteHref('http://amoeba.com')).toBe('http://amoeba.com');
  });
});
