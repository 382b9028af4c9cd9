import {
  composeAddress,
  coordinatesMessage,
  STORE_MESSAGES,
  type RecordStore,
  type RecordStoreInput,
  type UpdateCoordinatesResponse,
} from '../../../common/record-stores.schemas.js';
import type { AppContext } from '../../context.js';
import { checkCreationBudget, reserveCreation } from '../../creation-budgets.js';
import { AppError, notFound } from '../../errors.js';
import { geocode, geocodeText, GeocoderUnavailableError, type Coordinates } from './geocoder.service.js';
import { presentStore, recordStoresRepository, type RecordStoreRow, type RecordStoreValues } from './record-stores.repository.js';

export const GEOCODER_UNAVAILABLE = 'The map service could not be reached. Please try again later.';

function valuesOf(input: RecordStoreInput): RecordStoreValues {
  return {
    name: input.name,
    address: composeAddress(input),
    street_address: input.streetAddress,
    city: input.city,
    state: input.state,
    zip_code: input.zipCode,
    country: input.country,
    website: input.website,
    notes: input.notes,
    latitude: input.latitude,
    longitude: input.longitude,
  };
}

/** What the geocoder is asked: the parts, or the combined line of an older store that has only that. */
const textOf = (store: Pick<RecordStoreRow, 'street_address' | 'city' | 'state' | 'zip_code' | 'country' | 'address'>) =>
  store.street_address
    ? geocodeText({
        streetAddress: store.street_address,
        city: store.city,
        state: store.state,
        zipCode: store.zip_code,
        country: store.country,
      })
    : store.address;

const hasCoordinates = (values: { latitude: number | null; longitude: number | null }) =>
  values.latitude !== null && values.longitude !== null;

/** A save never fails because of the geocoder: it is then saved without coordinates (logged). */
async function lookUp(ctx: AppContext, userId: number, values: RecordStoreValues): Promise<Coordinates | null> {
  try {
    return await geocode(ctx, userId, textOf(values));
  } catch (error) {
    if (!(error instanceof GeocoderUnavailableError)) throw error;
    ctx.log.warn({ err: error }, 'geocoder unavailable; record store saved without coordinates');
    return null;
  }
}

async function withCoordinates(ctx: AppContext, userId: number, values: RecordStoreValues): Promise<RecordStoreValues> {
  if (hasCoordinates(values)) return values;
  const found = await lookUp(ctx, userId, values);
  return found ? { ...values, ...found } : { ...values, latitude: null, longitude: null };
}

/**
 * Adds a store within the account's store budget. Checked before the geocoder is asked (a refused
 * store must not take the shared geocoder's time), and reserved with the insert in one transaction.
 */
export async function createStore(ctx: AppContext, userId: number, input: RecordStoreInput): Promise<RecordStore> {
  await checkCreationBudget(ctx.db, userId, 'record-stores', 1);
  const values = await withCoordinates(ctx, userId, valuesOf(input));
  const row = await ctx.db.transaction().execute(async (trx) => {
    await reserveCreation(trx, userId, 'record-stores', 1);
    return recordStoresRepository.insert(trx, userId, values);
  });
  return presentStore(row);
}

/**
 * Replaces every field of the store. The edit form sends the stored coordinates back unchanged; when
 * the address changed they belong to the old place, so they are looked up again.
 */
export async function updateStore(ctx: AppContext, userId: number, id: number, input: RecordStoreInput): Promise<RecordStore> {
  const existing = await recordStoresRepository.find(ctx.db, userId, id);
  if (!existing) throw notFound(STORE_MESSAGES.storeNotFound);
  let values = valuesOf(input);
  const moved = values.address !== existing.address || values.country !== existing.country;
  const sameCoordinates = values.latitude === existing.latitude && values.longitude === existing.longitude;
  if (moved && sameCoordinates) values = { ...values, latitude: null, longitude: null };
  values = await withCoordinates(ctx, userId, values);
  const row = await recordStoresRepository.update(ctx.db, userId, id, values);
  if (!row) throw notFound(STORE_MESSAGES.storeNotFound);
  return presentStore(row);
}

/**
 * POST /api/record-stores/update-coordinates: looks up the coordinates of the caller's stores that
 * lack them (or of the one named), one after another at the geocoder's pace. Stops with 503 when the
 * geocoder cannot be reached; what was found until then stays saved.
 */
export async function updateCoordinates(ctx: AppContext, userId: number, storeId?: number): Promise<UpdateCoordinatesResponse> {
  let stores: RecordStoreRow[];
  if (storeId !== undefined) {
    const store = await recordStoresRepository.find(ctx.db, userId, storeId);
    if (!store) throw notFound(STORE_MESSAGES.storeNotFound);
    stores = [store];
  } else {
    stores = await recordStoresRepository.list(ctx.db, userId);
  }
  const missing = stores.filter((store) => !hasCoordinates(store));
  let updated = 0;
  for (const store of missing) {
    let found: Coordinates | null;
    try {
      found = await geocode(ctx, userId, textOf(store));
    } catch (error) {
      if (!(error instanceof GeocoderUnavailableError)) throw error;
      ctx.log.warn({ err: error }, 'geocoder unavailable during update-coordinates');
      throw new AppError('SERVICE_UNAVAILABLE', GEOCODER_UNAVAILABLE);
    }
    if (found && (await recordStoresRepository.setCoordinates(ctx.db, userId, Number(store.id), found.latitude, found.longitude)))
      updated++;
  }
  return { message: coordinatesMessage(updated, missing.length), updated, total: missing.length };
}
