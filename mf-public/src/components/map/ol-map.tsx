// The only module that imports OpenLayers. It is loaded with a dynamic import (lazy-map.tsx), so
// OpenLayers is fetched only by pages that show a map.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Box, Text } from 'shared-kernel/ui';
import { format } from 'shared-kernel/messages';
import OlMapClass from 'ol/Map';
import View from 'ol/View';
import Overlay from 'ol/Overlay';
import Feature, { type FeatureLike } from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import TileLayer from 'ol/layer/Tile';
import VectorSource from 'ol/source/Vector';
import Cluster from 'ol/source/Cluster';
import XYZ from 'ol/source/XYZ';
import GeoJSON from 'ol/format/GeoJSON';
import { Circle as CircleStyle, Fill, Stroke, Style, Text as TextStyle } from 'ol/style';
import { boundingExtent, getCenter, getHeight, getWidth } from 'ol/extent';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import { defaults as defaultControls } from 'ol/control/defaults';
import olCss from 'ol/ol.css';
import { cardPlacement, MAP_CLUSTER_DISTANCE, MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, mapTiles } from './map-config';
import { estoniaOutline } from './estonia-outline';
import type { MapPoint, MapTestHandle, OlMapProps } from './map-types';
import { searchTexts } from '../../messages/search';

const BRAND = '#39C689';
const WATER = '#cfe3ef';
const MAX_ZOOM = 18;

let cssInjected = false;
function injectCss(): void {
  if (cssInjected || typeof document === 'undefined') return;
  cssInjected = true;
  const style = document.createElement('style');
  style.dataset.ol = 'true';
  style.textContent = typeof olCss === 'string' ? olCss : '';
  document.head.appendChild(style);
}

const landStyle = new Style({ fill: new Fill({ color: '#eef3e6' }), stroke: new Stroke({ color: '#6a8f73', width: 1.2 }) });
const townStyles = new Map<string, Style>();
function townStyle(name: string): Style {
  let s = townStyles.get(name);
  if (!s) {
    s = new Style({
      image: new CircleStyle({ radius: 2.5, fill: new Fill({ color: '#55635a' }) }),
      text: new TextStyle({
        text: name,
        offsetY: -10,
        font: '11px sans-serif',
        fill: new Fill({ color: '#33413a' }),
        stroke: new Stroke({ color: '#fff', width: 3 }),
      }),
    });
    townStyles.set(name, s);
  }
  return s;
}

const pinStyle = new Style({
  image: new CircleStyle({ radius: 8, fill: new Fill({ color: BRAND }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
});
const approxStyle = new Style({
  image: new CircleStyle({
    radius: 28,
    fill: new Fill({ color: 'rgba(57,198,137,0.25)' }),
    stroke: new Stroke({ color: BRAND, width: 2 }),
  }),
});
const clusterStyles = new Map<number, Style>();
function clusterStyle(size: number): Style {
  let s = clusterStyles.get(size);
  if (!s) {
    s = new Style({
      image: new CircleStyle({
        radius: Math.min(26, 11 + Math.log2(size) * 2.2),
        fill: new Fill({ color: '#1f7a52' }),
        stroke: new Stroke({ color: '#fff', width: 2 }),
      }),
      text: new TextStyle({ text: String(size), font: 'bold 12px sans-serif', fill: new Fill({ color: '#fff' }) }),
    });
    clusterStyles.set(size, s);
  }
  return s;
}

function toFeatures(points: MapPoint[]): Feature<Point>[] {
  return points.map((p) => {
    const f = new Feature({ geometry: new Point(fromLonLat([p.lon, p.lat])) });
    f.setId(p.id);
    f.set('point', p);
    return f;
  });
}

export default function OlMap({
  points,
  center = MAP_DEFAULT_CENTER,
  zoom = MAP_DEFAULT_ZOOM,
  clusterDistance = MAP_CLUSTER_DISTANCE,
  tileUrl,
  height = '480px',
  label,
  renderCard,
  onViewChange,
  approximate = false,
}: OlMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<OlMapClass | null>(null);
  const pointSourceRef = useRef<VectorSource<Feature<Point>> | null>(null);
  const overlayRef = useRef<Overlay | null>(null);
  const [cardHost] = useState(() => (typeof document === 'undefined' ? null : document.createElement('div')));
  const [selected, setSelected] = useState<MapPoint | null>(null);
  const [offline, setOffline] = useState(!tileUrl);
  const onViewChangeRef = useRef(onViewChange);
  // Updated after render: the map's listeners call the latest handler without rebuilding the map.
  useEffect(() => {
    onViewChangeRef.current = onViewChange;
  }, [onViewChange]);

  useEffect(() => {
    injectCss();
    const container = containerRef.current;
    if (!container) return;
    const pointSource = new VectorSource<Feature<Point>>({ features: toFeatures(points) });
    pointSourceRef.current = pointSource;
    const clustered = clusterDistance > 0 && !approximate;
    const clusterSource = clustered ? new Cluster({ distance: clusterDistance, source: pointSource }) : null;
    const outline = new VectorLayer({
      source: new VectorSource({
        features: new GeoJSON().readFeatures(estoniaOutline, { dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' }),
      }),
      style: (f: FeatureLike, resolution: number) =>
        f.get('kind') === 'town' ? (resolution < 1200 ? townStyle(f.get('name')) : undefined) : landStyle,
    });
    const layers: (VectorLayer | TileLayer)[] = [outline];
    let tileLayer: TileLayer<XYZ> | null = null;
    if (tileUrl) {
      // The provider's credit line (OpenStreetMap's licence requires it wherever its tiles show).
      const configured = mapTiles();
      const attribution = configured && configured.url === tileUrl ? configured.attribution : '';
      const source = new XYZ({
        url: tileUrl,
        crossOrigin: 'anonymous',
        maxZoom: 19,
        attributions: attribution || undefined,
        attributionsCollapsible: false,
      });
      tileLayer = new TileLayer({ source });
      let loaded = 0;
      let failed = 0;
      source.on('tileloadend', () => {
        loaded++;
        setOffline(false);
      });
      source.on('tileloaderror', () => {
        failed++;
        // No tile has ever arrived: stop asking and let the outline be the base.
        if (loaded === 0 && failed >= 3) {
          tileLayer?.setVisible(false);
          setOffline(true);
        }
      });
      layers.push(tileLayer);
    }
    const markerLayer = new VectorLayer({
      source: clusterSource ?? pointSource,
      style: (f: FeatureLike) => {
        if (approximate) return approxStyle;
        const members = f.get('features') as FeatureLike[] | undefined;
        if (!members) return pinStyle;
        return members.length > 1 ? clusterStyle(members.length) : pinStyle;
      },
    });
    layers.push(markerLayer);

    const overlay = cardHost
      ? new Overlay({
          element: cardHost,
          positioning: 'bottom-center',
          offset: [0, -14],
          stopEvent: true,
          autoPan: { animation: { duration: 200 } },
        })
      : null;
    overlayRef.current = overlay;
    const map = new OlMapClass({
      target: container,
      layers,
      overlays: overlay ? [overlay] : [],
      controls: defaultControls({ attribution: Boolean(tileUrl), rotate: false }),
      view: new View({ center: fromLonLat([center[1], center[0]]), zoom, maxZoom: MAX_ZOOM, minZoom: 5 }),
    });
    mapRef.current = map;

    map.on('singleclick', (event) => {
      const hit = map.forEachFeatureAtPixel(event.pixel, (f) => f, { layerFilter: (l) => l === markerLayer, hitTolerance: 4 });
      if (!hit) {
        setSelected(null);
        overlay?.setPosition(undefined);
        return;
      }
      const members = (hit.get('features') as Feature<Point>[] | undefined) ?? [hit as Feature<Point>];
      const view = map.getView();
      const current = view.getZoom() ?? zoom;
      if (members.length > 1) {
        const extent = boundingExtent(members.map((m) => m.getGeometry()!.getCoordinates()));
        const size = map.getSize() ?? [400, 400];
        // Identical coordinates cannot be split by zooming; show the first one's card instead.
        if (getWidth(extent) > 1 || getHeight(extent) > 1 || current < MAX_ZOOM - 1) {
          const fitZoom = view.getZoomForResolution(view.getResolutionForExtent(extent, [size[0] - 120, size[1] - 120])) ?? current + 2;
          const target = Math.min(MAX_ZOOM, Math.max(current + 1, Math.min(fitZoom, current + 4)));
          setSelected(null);
          overlay?.setPosition(undefined);
          view.animate({ center: getCenter(extent), zoom: target, duration: 250 });
          return;
        }
      }
      const point = members[0].get('point') as MapPoint;
      const placement = cardPlacement(event.pixel[1], map.getSize()?.[1] ?? 0);
      overlay?.setPositioning(placement.positioning);
      overlay?.setOffset(placement.offset);
      setSelected(point);
      overlay?.setPosition(members[0].getGeometry()!.getCoordinates());
    });
    map.on('moveend', () => {
      const view = map.getView();
      container.dataset.zoom = String(Math.round((view.getZoom() ?? 0) * 100) / 100);
      const size = map.getSize();
      if (!size || !onViewChangeRef.current) return;
      const [minLon, minLat, maxLon, maxLat] = transformExtent(view.calculateExtent(size), 'EPSG:3857', 'EPSG:4326');
      onViewChangeRef.current({ minLat, minLon, maxLat, maxLon }, view.getZoom() ?? zoom);
    });
    map.on('pointermove', (event) => {
      const over = map.hasFeatureAtPixel(event.pixel, { layerFilter: (l) => l === markerLayer, hitTolerance: 4 });
      container.style.cursor = over ? 'pointer' : '';
    });

    const handle: MapTestHandle = {
      zoom: () => map.getView().getZoom() ?? 0,
      clusters: () =>
        (clusterSource ?? pointSource).getFeatures().map((f) => {
          const px = map.getPixelFromCoordinate((f.getGeometry() as Point).getCoordinates());
          return { x: px?.[0] ?? -1, y: px?.[1] ?? -1, size: ((f.get('features') as unknown[] | undefined) ?? [f]).length };
        }),
      setPoints: (next) => {
        pointSource.clear(true);
        pointSource.addFeatures(toFeatures(next));
      },
      renderSync: () => {
        const t = performance.now();
        map.renderSync();
        return performance.now() - t;
      },
      zoomStep: (delta) => {
        const t = performance.now();
        map.getView().setZoom((map.getView().getZoom() ?? zoom) + delta);
        map.renderSync();
        return performance.now() - t;
      },
    };
    (container as unknown as { __rendimeMap?: MapTestHandle }).__rendimeMap = handle;

    return () => {
      map.setTarget(undefined);
      map.dispose();
      mapRef.current = null;
      pointSourceRef.current = null;
    };
    // The map is built once; points and centre updates are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const source = pointSourceRef.current;
    if (!source) return;
    source.clear(true);
    source.addFeatures(toFeatures(points));
    setSelected(null);
    overlayRef.current?.setPosition(undefined);
  }, [points]);

  // The card is rendered into the overlay after setPosition, so the overlay's own autoPan measured an
  // empty element: pan again once the card is there, keeping it inside the map.
  useEffect(() => {
    if (selected) overlayRef.current?.panIntoView({ animation: { duration: 200 }, margin: 8 });
  }, [selected]);

  const [centerLat, centerLon] = center;
  useEffect(() => {
    const view = mapRef.current?.getView();
    if (!view) return;
    const [lon, lat] = toLonLat(view.getCenter() ?? [0, 0]);
    if (Math.abs(lat - centerLat) > 1e-6 || Math.abs(lon - centerLon) > 1e-6)
      view.animate({ center: fromLonLat([centerLon, centerLat]), zoom, duration: 250 });
  }, [centerLat, centerLon, zoom]);

  const close = () => {
    setSelected(null);
    overlayRef.current?.setPosition(undefined);
  };

  return (
    <Box position="relative" w="100%" h={height} borderRadius="md" overflow="hidden" bg={WATER} data-testid="product-map">
      <Box ref={containerRef} role="region" aria-label={label} w="100%" h="100%" data-map-ready="true" />
      {offline ? (
        <Text
          position="absolute"
          bottom={1}
          left={2}
          fontSize="xs"
          color="gray.700"
          bg="whiteAlpha.800"
          px={1}
          borderRadius="sm"
          data-testid="map-offline"
        >
          {searchTexts.mapOffline}
        </Text>
      ) : null}
      {/* `close` is the card's click handler; renderCard only passes it on, never calls it while rendering. */}
      {/* eslint-disable-next-line react-hooks/refs */}
      {cardHost && selected && renderCard ? createPortal(renderCard(selected, close), cardHost) : null}
      <Text srOnly>{format(searchTexts.clusterLabel, { count: points.length })}</Text>
    </Box>
  );
}
