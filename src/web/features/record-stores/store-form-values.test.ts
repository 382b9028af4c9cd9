import { describe, expect, it } from 'vitest';
import type { RecordStore } from '../../../common/record-stores.schemas';
import { formValuesOf, requestOf, storeFormSchema } from './store-form-values';
import { backHref } from './map-links';

const older: RecordStore = {
  id: 1,
  name: 'Old Shop',
  address: '12 High St, Oxford, Oxon OX1, UK',
  streetAddress: null,
  city: null,
  state: null,
  zipCode: null,
  country: null,
  website: null,
  notes: null,
  latitude: null,
  longitude: null,
};

describe('the store form', () => {
  it('derives the parts of an older store from its combined address (docs/product/record-stores.md#address)', () => {
    expect(formValuesOf(older)).toMatchObject({
      streetAddress: '12 High St',
      city: 'Oxford',
      state: 'Oxon',
      zipCode: 'OX1',
      country: 'UK',
    });
  });

  it('sends the combined address with the values, empty optional values as null and USA by default', () => {
    const values = { ...formValuesOf(older), country: '', zipCode: '', latitude: '51.75', longitude: '' };
    expect(requestOf(values)).toMatchObject({
      address: '12 High St, Oxford, Oxon',
      country: 'USA',
      zipCode: null,
      website: null,
      latitude: 51.75,
      longitude: null,
    });
  });

  it("shows the product's messages", () => {
    const result = storeFormSchema.safeParse({ ...formValuesOf(older), name: ' ', website: 'javascript:alert(1)' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Store name is required', 'Must be a valid URL']);
  });

  it('Back goes to / with the selected collection (docs/product/record-stores.md#page)', () => {
    expect(backHref('Jazz & Soul')).toBe('/?collection=Jazz%20%26%20Soul');
    expect(backHref(null)).toBe('/');
  });
});
