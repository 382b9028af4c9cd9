import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';

// Leaflet finds its default marker images by a CSS path a bundler breaks; these are the built ones.
const markerIconOptions = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

export interface LeafletMapProps {
  latitude: number;
  longitude: number;
  title: string;
  tileUrl: string;
  attribution: string;
  height: number;
  /** The first tile arrived: the map is usable. */
  onReady: () => void;
  /** Tiles could not be loaded and none ever was. */
  onFail: () => void;
}

/**
 * The map itself (docs/product/record-stores.md#maps): centred on the store at zoom 15, one marker
 * titled with its name, only the zoom control (and the tile provider's attribution), no
 * scroll-wheel zoom. Its own chunk: Leaflet loads only where a store map is drawn.
 */
export default function LeafletMap({
  latitude,
  longitude,
  title,
  tileUrl,
  attribution,
  height,
  onReady,
  onFail,
}: LeafletMapProps) {
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={15}
      scrollWheelZoom={false}
      zoomControl
      style={{ height, width: '100%' }}
      className="z-0"
    >
      <TileLayer
        url={tileUrl}
        attribution={attribution}
        eventHandlers={{
          tileload: onReady,
          tileerror: onFail,
        }}
      />
      <Marker position={[latitude, longitude]} title={title} alt={title} icon={markerIconOptions} />
    </MapContainer>
  );
}
