import { Component, lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { MapPin } from 'lucide-react';
import type { MapConfig } from '../../../../common/record-stores.schemas';
import { coordinateSearchUrl, tileUrlWithKey } from '../map-links';

const LeafletMap = lazy(() => import('./leaflet-map'));

/** docs/product/record-stores.md#maps: a map not ready after 5 seconds falls back to a link. */
export const MAP_READY_TIMEOUT_MS = 5000;

export interface StoreMapProps {
  latitude: number;
  longitude: number;
  name: string;
  config: MapConfig;
  /** docs/product/record-stores.md#maps: 200 px by default, 160 px on a store card. */
  height?: number;
}

type MapState = 'loading' | 'ready' | 'failed';

const linkClasses = 'font-medium text-accent underline-offset-2 hover:underline';

/**
 * docs/product/record-stores.md#maps: 'Loading map...' with an 'or view on Google Maps' link while it
 * loads; once a tile has arrived, the map; if it fails or is not ready within 5 s, only a 'View on
 * Google Maps' link to a coordinate search.
 */
export function StoreMap({ latitude, longitude, name, config, height = 200 }: StoreMapProps) {
  const [state, setState] = useState<MapState>('loading');
  const stateRef = useRef<MapState>('loading');
  const settle = useCallback((next: MapState) => {
    if (stateRef.current !== 'loading') return;
    stateRef.current = next;
    if (next === 'failed') console.warn('Failed to initialize the map');
    setState(next);
  }, []);
  const onReady = useCallback(() => settle('ready'), [settle]);
  const onFail = useCallback(() => settle('failed'), [settle]);

  useEffect(() => {
    const timer = setTimeout(() => settle('failed'), MAP_READY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [settle]);

  const googleUrl = coordinateSearchUrl(latitude, longitude);
  if (state === 'failed') {
    return (
      <div className="grid place-items-center rounded-xl border border-line bg-muted/60 text-sm" style={{ height }}>
        <a
          href={googleUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`inline-flex items-center gap-1.5 ${linkClasses}`}
        >
          <MapPin aria-hidden className="size-4" />
          View on Google Maps
        </a>
      </div>
    );
  }
  return (
    <div className="relative isolate overflow-hidden rounded-xl border border-line" style={{ height }}>
      <ErrorBoundary onError={onFail}>
        <Suspense fallback={null}>
          <LeafletMap
            latitude={latitude}
            longitude={longitude}
            title={name}
            tileUrl={tileUrlWithKey(config.tileUrl, config.apiKey)}
            attribution={config.attribution}
            height={height}
            onReady={onReady}
            onFail={onFail}
          />
        </Suspense>
      </ErrorBoundary>
      {state === 'loading' && (
        <div
          role="status"
          className="absolute inset-0 z-[1000] grid place-content-center gap-1 bg-muted text-center text-sm text-ink-muted"
        >
          <span>Loading map...</span>
          <a href={googleUrl} target="_blank" rel="noopener noreferrer" className={linkClasses}>
            or view on Google Maps
          </a>
        </div>
      )}
    </div>
  );
}

/** A failed chunk or a Leaflet error falls back to the link rather than breaking the card. */
class ErrorBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
