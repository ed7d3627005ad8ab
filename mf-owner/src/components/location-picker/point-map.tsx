// The only module of mf-owner that imports OpenLayers; loaded lazily (lazy-point-map.tsx).
import { useEffect, useRef } from 'react';
import { Box } from 'shared-kernel/ui';
import { DEFAULT_MAP_TILE_URL, readRuntimeConfig } from 'shared-kernel/platform';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import TileLayer from 'ol/layer/Tile';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import { fromLonLat, toLonLat } from 'ol/proj';
import olCss from 'ol/ol.css';
import type { PointMapProps } from './map-types';

let cssInjected = false;
function injectCss(): void {
  if (cssInjected || typeof document === 'undefined') return;
  cssInjected = true;
  const style = document.createElement('style');
  style.dataset.ol = 'true';
  style.textContent = typeof olCss === 'string' ? olCss : '';
  document.head.appendChild(style);
}

/** The shell's runtime config decides the tiles (an empty URL turns them off), else OpenStreetMap. */
function tileUrl(): string | null {
  const config = readRuntimeConfig(document);
  if (config.mapTileUrl === undefined) return DEFAULT_MAP_TILE_URL;
  return config.mapTileUrl || null;
}

const pinStyle = new Style({
  image: new CircleStyle({ radius: 8, fill: new Fill({ color: '#39C689' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
});

export default function PointMap({ point, center, onPick, label, height = '320px' }: PointMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const source = useRef(new VectorSource());
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  // The map is an imperative widget: created once for the element, torn down with it.
  useEffect(() => {
    if (!element.current) return;
    injectCss();
    const url = tileUrl();
    const layers = [
      ...(url ? [new TileLayer({ source: new XYZ({ url, crossOrigin: 'anonymous' }) })] : []),
      new VectorLayer({ source: source.current, style: pinStyle }),
    ];
    const instance = new OlMap({
      target: element.current,
      layers,
      view: new View({ center: fromLonLat([center[1], center[0]]), zoom: 7 }),
    });
    instance.on('click', (event) => {
      const [lon, lat] = toLonLat(event.coordinate);
      pick.current(lat, lon);
    });
    map.current = instance;
    return () => {
      instance.setTarget(undefined);
      map.current = null;
    };
    // The centre is only the first view; later points move the pin, not the view.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    source.current.clear();
    if (!point) return;
    const at = fromLonLat([point.lon, point.lat]);
    source.current.addFeature(new Feature(new Point(at)));
    map.current?.getView().setCenter(at);
  }, [point]);

  return <Box ref={element} role="application" aria-label={label} h={height} w="100%" borderRadius="md" overflow="hidden" bg="#cfe3ef" />;
}
