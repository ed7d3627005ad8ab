/**
 * A simplified outline of Estonia (mainland, Saaremaa, Muhu, Hiiumaa, Vormsi) and its larger
 * towns, in lon/lat (EPSG:4326). It is the map's offline base layer: drawn when no tile source is
 * configured or tiles cannot be fetched, so the map still shows where things are. Accurate to a
 * few kilometres, which is what a search map at zoom 7-10 needs.
 */
type Ring = [number, number][];

const mainland: Ring = [
  [24.05, 59.35], [24.3, 59.43], [24.45, 59.45], [24.62, 59.45], [24.75, 59.47], [24.85, 59.5], [24.95, 59.53], [25.1, 59.5],
  [25.3, 59.52], [25.45, 59.56], [25.7, 59.6], [25.95, 59.62], [26.2, 59.58], [26.5, 59.52], [26.75, 59.5], [26.95, 59.45],
  [27.3, 59.45], [27.7, 59.42], [28.0, 59.47], [28.05, 59.4], [28.2, 59.37], [28.05, 59.25], [27.9, 59.1], [27.75, 58.99],
  [27.4, 58.98], [27.1, 58.95], [26.95, 58.85], [27.05, 58.75], [27.15, 58.66], [27.25, 58.55], [27.2, 58.45], [27.3, 58.35],
  [27.5, 58.25], [27.45, 58.1], [27.65, 57.97], [27.55, 57.85], [27.82, 57.7], [27.55, 57.55], [27.35, 57.52], [26.95, 57.6],
  [26.5, 57.52], [26.05, 57.78], [25.65, 57.92], [25.3, 58.05], [24.95, 58.02], [24.45, 57.88], [24.5, 58.08], [24.45, 58.25],
  [24.5, 58.38], [24.2, 58.4], [23.95, 58.3], [23.7, 58.42], [23.52, 58.57], [23.55, 58.75], [23.5, 58.95], [23.4, 59.05],
  [23.65, 59.23], [23.9, 59.28], [24.05, 59.35],
];
const saaremaa: Ring = [
  [21.83, 58.4], [21.98, 58.25], [22.05, 58.05], [22.05, 57.91], [22.15, 58.05], [22.3, 58.18], [22.5, 58.23], [22.9, 58.27],
  [23.2, 58.45], [23.1, 58.58], [22.75, 58.63], [22.45, 58.6], [22.1, 58.55], [21.9, 58.5], [21.83, 58.4],
];
const muhu: Ring = [[23.15, 58.57], [23.4, 58.52], [23.42, 58.65], [23.2, 58.66], [23.15, 58.57]];
const hiiumaa: Ring = [
  [22.05, 58.92], [22.4, 59.05], [22.6, 59.09], [22.95, 58.95], [23.05, 58.85], [22.8, 58.7], [22.45, 58.72], [22.25, 58.82], [22.05, 58.92],
];
const vormsi: Ring = [[23.05, 58.98], [23.35, 58.98], [23.35, 59.05], [23.1, 59.05], [23.05, 58.98]];

const towns: [string, number, number][] = [
  ['Tallinn', 24.7536, 59.437],
  ['Tartu', 26.729, 58.378],
  ['Pärnu', 24.4971, 58.3859],
  ['Narva', 28.1903, 59.3772],
  ['Viljandi', 25.59, 58.3639],
  ['Rakvere', 26.3558, 59.3464],
  ['Kuressaare', 22.4856, 58.2528],
  ['Haapsalu', 23.5414, 58.9431],
  ['Paide', 25.5572, 58.8856],
  ['Rapla', 24.7928, 59.0072],
  ['Jõhvi', 27.4211, 59.3592],
  ['Võru', 27.0194, 57.8339],
  ['Valga', 26.0473, 57.7775],
  ['Põlva', 27.0694, 58.0603],
  ['Jõgeva', 26.3939, 58.7461],
  ['Kärdla', 22.7492, 58.9978],
];

export const estoniaOutline = {
  type: 'FeatureCollection' as const,
  features: [
    {
      type: 'Feature' as const,
      properties: { kind: 'land', name: 'Eesti' },
      geometry: { type: 'MultiPolygon' as const, coordinates: [[mainland], [saaremaa], [muhu], [hiiumaa], [vormsi]] },
    },
    ...towns.map(([name, lon, lat]) => ({
      type: 'Feature' as const,
      properties: { kind: 'town', name },
      geometry: { type: 'Point' as const, coordinates: [lon, lat] },
    })),
  ],
};
