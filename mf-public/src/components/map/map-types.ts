import type { ReactNode } from 'react';
import type { PeriodUnits } from 'shared-kernel/schemas';

/** A point on the map (search marker or the product's approximate location). */
export interface MapPoint {
  id: number;
  title: string;
  imageUrl: string | null;
  /** With VAT, whole euros. */
  priceDaily: number | null;
  /** With a searched period: its price (euros) and what it is for, as the search card shows it. */
  periodPrice?: number | null;
  periodUnits?: PeriodUnits | null;
  /** Paid on return: the popup shows the result card's star. */
  paidLater?: boolean;
  lat: number;
  lon: number;
}

export interface MapBounds {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

export interface OlMapProps {
  points: MapPoint[];
  /** lat, lon */
  center?: [number, number];
  zoom?: number;
  /** Pixels; 0 turns clustering off. */
  clusterDistance?: number;
  /** XYZ template; without one (or when tiles fail) the offline outline of Estonia is the base. */
  tileUrl?: string | null;
  height?: string;
  label: string;
  /** The card shown for a clicked single marker. */
  renderCard?: (point: MapPoint, close: () => void) => ReactNode;
  /** Called after every pan/zoom with the visible box. */
  onViewChange?: (bounds: MapBounds, zoom: number) => void;
  /** Draw a soft circle instead of a pin (the product page's approximate location). */
  approximate?: boolean;
}

/** What the map element exposes for browser journeys and the map benchmark (no production caller). */
export interface MapTestHandle {
  zoom(): number;
  clusters(): { x: number; y: number; size: number }[];
  setPoints(points: MapPoint[]): void;
  renderSync(): number;
  /** Zooms by `delta` without animation and renders at once; returns the milliseconds it took. */
  zoomStep(delta: number): number;
}
