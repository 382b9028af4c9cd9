import { Globe, MapPin, Pencil, Trash2 } from 'lucide-react';
import type { MapConfig, SharedRecordStore } from '../../../../common/record-stores.schemas';
import { websiteHref } from '../../../../common/record-stores.schemas';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { addressSearchUrl } from '../map-links';
import { StoreMap } from './store-map';

/** docs/product/record-stores.md#maps: the map on a store card is 160 px high. */
export const CARD_MAP_HEIGHT = 160;

export interface StoreCardProps {
  store: SharedRecordStore;
  /** The map configuration, once loaded (undefined: loading or failed → the address link). */
  mapConfig: MapConfig | undefined;
  onEdit?: () => void;
  onDelete?: () => void;
}

const linkClasses = 'inline-flex items-center gap-1.5 font-medium text-accent underline-offset-2 hover:underline';

/** One store (docs/product/record-stores.md#page): name, address, website, notes, then a small map or a Google Maps link. */
export function StoreCard({ store, mapConfig, onEdit, onDelete }: StoreCardProps) {
  const hasMap = mapConfig !== undefined && store.latitude !== null && store.longitude !== null;
  return (
    <article
      aria-labelledby={`store-${store.id}-name`}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5"
    >
      <div className="flex items-start gap-2">
        <h2 id={`store-${store.id}-name`} className="min-w-0 flex-1 text-lg font-semibold break-words">
          {store.name}
        </h2>
        {(onEdit || onDelete) && (
          <div className="-mt-1 -mr-2 flex shrink-0">
            {onEdit && (
              <Tooltip content="Edit">
                <Button variant="ghost" size="icon" aria-label={`Edit ${store.name}`} onClick={onEdit}>
                  <Pencil aria-hidden />
                </Button>
              </Tooltip>
            )}
            {onDelete && (
              <Tooltip content="Delete">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${store.name}`}
                  className="text-danger hover:bg-danger/10"
                  onClick={onDelete}
                >
                  <Trash2 aria-hidden />
                </Button>
              </Tooltip>
            )}
          </div>
        )}
      </div>
      <p className="flex items-start gap-2 text-sm text-ink-muted">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span className="break-words">{store.address}</span>
      </p>
      {store.website && (
        <p className="text-sm">
          <a href={websiteHref(store.website)} target="_blank" rel="noopener noreferrer" className={`${linkClasses} break-all`}>
            <Globe aria-hidden className="size-4 shrink-0" />
            {store.website}
          </a>
        </p>
      )}
      {store.notes && <p className="text-sm leading-relaxed whitespace-pre-line break-words">{store.notes}</p>}
      <div className="mt-auto pt-1">
        {hasMap ? (
          <StoreMap
            latitude={store.latitude!}
            longitude={store.longitude!}
            name={store.name}
            config={mapConfig}
            height={CARD_MAP_HEIGHT}
          />
        ) : (
          <a
            href={addressSearchUrl(store.address)}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClasses} text-sm`}
          >
            <MapPin aria-hidden className="size-4" />
            View on Google Maps
          </a>
        )}
      </div>
    </article>
  );
}

/** docs/product/record-stores.md#page: 1, 2 or 3 columns by width. */
export function StoreGrid({ children }: { children: React.ReactNode }) {
  return <div className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3">{children}</div>;
}
