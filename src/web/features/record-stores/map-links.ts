/** Spec 2 §2: the card's link when there is no map, an address search. */
export const addressSearchUrl = (address: string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** Spec 2 §2 map widget: the fallback link, a coordinate search. */
export const coordinateSearchUrl = (latitude: number, longitude: number): string =>
  `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;

/** The tile template with the key filled in (a `{apiKey}` placeholder is the operator's choice). */
export const tileUrlWithKey = (template: string, apiKey: string | null): string =>
  template.replaceAll('{apiKey}', encodeURIComponent(apiKey ?? ''));

/** Spec 2 §2: Back goes to / with the last selected collection as a query parameter. */
export function backHref(selectedCollection: string | null): string {
  return selectedCollection ? `/?collection=${encodeURIComponent(selectedCollection)}` : '/';
}
