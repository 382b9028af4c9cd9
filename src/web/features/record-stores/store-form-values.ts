import { z } from 'zod';
import {
  composeAddress,
  DEFAULT_COUNTRY,
  deriveAddressParts,
  isAllowedWebsite,
  STORE_MESSAGES,
  type RecordStore,
  type RecordStoreRequest,
} from '../../../common/record-stores.schemas';

const coordinateText = (label: string, bound: number) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (Number.isFinite(Number(value)) && Math.abs(Number(value)) <= bound),
      `${label} must be a number between -${bound} and ${bound}`,
    );

/** The store form's fields as typed (docs/product/record-stores.md#fields rules and messages, shared with the server). */
export const storeFormSchema = z.object({
  name: z.string().trim().min(1, STORE_MESSAGES.nameRequired),
  streetAddress: z.string().trim().min(1, STORE_MESSAGES.streetRequired),
  city: z.string().trim().min(1, STORE_MESSAGES.cityRequired),
  state: z.string().trim().min(1, STORE_MESSAGES.stateRequired),
  zipCode: z.string().trim(),
  country: z.string().trim(),
  website: z
    .string()
    .trim()
    .refine((value) => value === '' || isAllowedWebsite(value), STORE_MESSAGES.invalidWebsite),
  notes: z.string(),
  latitude: coordinateText('Latitude', 90),
  longitude: coordinateText('Longitude', 180),
});
export type StoreFormValues = z.infer<typeof storeFormSchema>;

export const EMPTY_STORE_FORM: StoreFormValues = {
  name: '',
  streetAddress: '',
  city: '',
  state: '',
  zipCode: '',
  country: DEFAULT_COUNTRY,
  website: '',
  notes: '',
  latitude: '',
  longitude: '',
};

/**
 * The form's values for a store; an older store without separate parts gets them derived
 * (docs/product/record-stores.md#address).
 */
export function formValuesOf(store: RecordStore): StoreFormValues {
  const parts = store.streetAddress ? null : deriveAddressParts(store.address);
  return {
    name: store.name,
    streetAddress: parts?.streetAddress ?? store.streetAddress ?? '',
    city: parts?.city ?? store.city ?? '',
    state: parts?.state ?? store.state ?? '',
    zipCode: parts?.zipCode ?? store.zipCode ?? '',
    country: parts?.country ?? store.country ?? DEFAULT_COUNTRY,
    website: store.website ?? '',
    notes: store.notes ?? '',
    latitude: store.latitude === null ? '' : String(store.latitude),
    longitude: store.longitude === null ? '' : String(store.longitude),
  };
}

/** What is sent: the values and the combined address (docs/product/record-stores.md#address); empty optional values as null. */
export function requestOf(values: StoreFormValues): RecordStoreRequest {
  const country = values.country.trim() || DEFAULT_COUNTRY;
  const zipCode = values.zipCode.trim() || null;
  return {
    name: values.name.trim(),
    streetAddress: values.streetAddress.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipCode,
    country,
    address: composeAddress({ streetAddress: values.streetAddress, city: values.city, state: values.state, zipCode, country }),
    website: values.website.trim() || null,
    notes: values.notes.trim() || null,
    latitude: values.latitude.trim() === '' ? null : Number(values.latitude),
    longitude: values.longitude.trim() === '' ? null : Number(values.longitude),
  };
}
