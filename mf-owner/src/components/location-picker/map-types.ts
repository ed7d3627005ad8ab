export interface PointMapProps {
  /** The chosen point, or none. */
  point: { lat: number; lon: number } | null;
  /** Where to look with no point (spec 9: about 58.887/25.570). */
  center: [number, number];
  onPick: (lat: number, lon: number) => void;
  label: string;
  height?: string;
}

export const MAP_DEFAULT_CENTER: [number, number] = [58.887, 25.57];
