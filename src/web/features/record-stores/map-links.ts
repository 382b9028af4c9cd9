/** docs/product/record-stores.md#maps: the card's link when there is no map, an address search. */
export const addressSearchUrl = (address: string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** docs/product/record-stores.md#maps: the fallback link, a coordinate search. */
export const coordinateSearchUrl = (latitude: number, longitude: number): string =>
  `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;

/** The tile template with the key filled in (a `{apiKey}` placeholder is the operator's choice). */
export const tileUrlWithKey = (template: string, apiKey: string | null): string =>
  template.replaceAll('{apiKey}', encodeURIComponent(apiKey ?? ''));

/** docs/product/record-stores.md#page: Back goes to / with the last selected collection as a query parameter. */
export function backHref(selectedCollection: string | null): string {
  return selectedCollection ? `/?collection=${encodeURIComponent(selectedCollection)}` : '/';
}
