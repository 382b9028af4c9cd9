import { z } from 'zod';
import { optionalText, requiredText } from './text-fields.js';

/**
 * docs/product/record-stores.md texts (#fields, #api, #shared-page), shared by the server and the
 * store form.
 */
export const STORE_MESSAGES = {
  nameRequired: 'Store name is required',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State/Province is required',
  invalidWebsite: 'Must be a valid URL',
  storeNotFound: 'Record store not found',
  sharedNotFound: 'The shared collection could not be found or has been removed.',
} as const;

export const DEFAULT_COUNTRY = 'USA';

export const STORE_TEXT_LIMITS = {
  name: 200,
  streetAddress: 200,
  city: 100,
  state: 100,
  zipCode: 20,
  country: 100,
  website: 2048,
  notes: 2000,
} as const;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A website as the form takes it (docs/product/record-stores.md#fields: a valid URL or empty): an
 * http(s) URL, or a bare address such as `shop.example.com/records` that the card opens with https://
 * in front. Any other scheme (javascript:, data:, mailto:…) is refused, so a stored website can never
 * run script.
 */
export function isAllowedWebsite(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return false;
  }
  const candidate = SCHEME.test(value) ? value : `https://${value}`;
  if (!/^https?:\/\//i.test(candidate) || !URL.canParse(candidate)) return false;
  const url = new URL(candidate);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !url.username && !url.password;
}

/** The card's link: https:// put in front of a website that does not start with http. */
export const websiteHref = (website: string): string => (/^http/i.test(website) ? website : `https://${website}`);

/** A coordinate sent as a number or a form field's text; empty is null. */
const coordinate = (label: string, bound: number) =>
  z.preprocess(
    (value) =>
      value === '' || value === undefined || (typeof value === 'number' && Number.isNaN(value))
        ? null
        : typeof value === 'string'
          ? Number(value)
          : value,
    z
      .number({ error: `${label} must be a number between -${bound} and ${bound}` })
      .min(-bound, `${label} must be a number between -${bound} and ${bound}`)
      .max(bound, `${label} must be a number between -${bound} and ${bound}`)
      .nullable(),
  );

/**
 * POST /api/record-stores and PUT /api/record-stores/{id} (docs/product/record-stores.md#api).
 * `address` may be sent (the form sends the combined line) but the server composes its own from the
 * parts (docs/product/record-stores.md#address).
 */
export const recordStoreRequestSchema = z.object({
  name: requiredText(STORE_MESSAGES.nameRequired, 'Store name', STORE_TEXT_LIMITS.name),
  streetAddress: requiredText(STORE_MESSAGES.streetRequired, 'Street address', STORE_TEXT_LIMITS.streetAddress),
  city: requiredText(STORE_MESSAGES.cityRequired, 'City', STORE_TEXT_LIMITS.city),
  state: requiredText(STORE_MESSAGES.stateRequired, 'State/Province', STORE_TEXT_LIMITS.state),
  zipCode: optionalText('Zip code', STORE_TEXT_LIMITS.zipCode),
  country: optionalText('Country', STORE_TEXT_LIMITS.country).transform((value) => value ?? DEFAULT_COUNTRY),
  address: z.string().optional(),
  website: optionalText('Website', STORE_TEXT_LIMITS.website).refine(
    (value) => value === null || isAllowedWebsite(value),
    STORE_MESSAGES.invalidWebsite,
  ),
  notes: optionalText('Notes', STORE_TEXT_LIMITS.notes),
  latitude: coordinate('Latitude', 90)
    .optional()
    .transform((value) => value ?? null),
  longitude: coordinate('Longitude', 180)
    .optional()
    .transform((value) => value ?? null),
});
export type RecordStoreRequest = z.input<typeof recordStoreRequestSchema>;
export type RecordStoreInput = z.output<typeof recordStoreRequestSchema>;

export interface AddressParts {
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string | null;
  country: string | null;
}

const isDefaultCountry = (country: string | null) => !country || country.trim().toUpperCase() === DEFAULT_COUNTRY;

/**
 * docs/product/record-stores.md#address: street address, city, "state zip" and country joined by ", ";
 * the country only when it is not USA.
 */
export function composeAddress(parts: AddressParts): string {
  const stateZip = [parts.state.trim(), parts.zipCode?.trim() ?? ''].filter(Boolean).join(' ');
  const country = isDefaultCountry(parts.country) ? '' : (parts.country ?? '').trim();
  return [parts.streetAddress.trim(), parts.city.trim(), stateZip, country].filter(Boolean).join(', ');
}

/**
 * docs/product/record-stores.md#address: the separate parts of an older store that has only the
 * combined line, split on commas: street, city, then "state zip" split on a space, then country (USA
 * when absent). The last word of the third part is the zip code only when it holds a digit, so "New
 * South Wales" stays a state.
 */
export function deriveAddressParts(address: string): AddressParts {
  const [street = '', city = '', stateZip = '', ...rest] = address.split(',').map((part) => part.trim());
  const words = stateZip.split(/\s+/).filter(Boolean);
  const last = words.at(-1);
  const hasZip = words.length > 1 && last !== undefined && /\d/.test(last);
  return {
    streetAddress: street,
    city,
    state: (hasZip ? words.slice(0, -1) : words).join(' '),
    zipCode: hasZip ? (last ?? null) : null,
    country: rest.filter(Boolean).join(', ') || DEFAULT_COUNTRY,
  };
}

/** One store as its owner sees it (docs/product/record-stores.md#fields). */
export const recordStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  streetAddress: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type RecordStore = z.infer<typeof recordStoreSchema>;

/** GET /api/record-stores: the caller's stores, by name. */
export const recordStoreListSchema = z.array(recordStoreSchema);

/** docs/product/record-stores.md#sharing: exactly what a visitor of a shared list sees. */
export const sharedRecordStoreSchema = recordStoreSchema.pick({
  id: true,
  name: true,
  address: true,
  website: true,
  notes: true,
  latitude: true,
  longitude: true,
});
export type SharedRecordStore = z.infer<typeof sharedRecordStoreSchema>;
export const sharedRecordStoreListSchema = z.array(sharedRecordStoreSchema);

export const recordStoreParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Invalid record store id' })
    .int('Invalid record store id')
    .positive('Invalid record store id')
    .max(2_147_483_647, 'Invalid record store id'),
});

/**
 * POST /api/record-stores/update-coordinates (the body is optional): with `storeId`, only
 * that store (the page calls once per store to show its progress); without, every store of the
 * caller that lacks coordinates.
 */
export const updateCoordinatesRequestSchema = z
  .object({ storeId: recordStoreParamsSchema.shape.id.optional() })
  .nullish()
  .transform((value) => value ?? {});
export const updateCoordinatesResponseSchema = z.object({
  message: z.string(),
  updated: z.number().int(),
  total: z.number().int(),
});
export type UpdateCoordinatesResponse = z.infer<typeof updateCoordinatesResponseSchema>;

/** "Found coordinates for 2 of 3 record stores." */
export function coordinatesMessage(updated: number, total: number): string {
  if (total === 0) return 'All record stores already have coordinates.';
  return `Found coordinates for ${updated} of ${total} record ${total === 1 ? 'store' : 'stores'}.`;
}

/** POST /api/record-stores/share → 200. */
export const storeShareResponseSchema = z.object({ shareToken: z.string() });

/** The public page of a shared store list. */
export const sharedStoresPath = (shareToken: string): string => `/record-stores/shared/${shareToken}`;

/**
 * GET /api/map-config (docs/product/record-stores.md#maps: `{apiKey}`, plus what the map needs).
 * `tileUrl` is a Leaflet URL template (it may use `{apiKey}`); `attribution` is the tile provider's
 * credit, as HTML.
 */
export const mapConfigSchema = z.object({
  apiKey: z.string().nullable(),
  tileUrl: z.string(),
  attribution: z.string(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;
