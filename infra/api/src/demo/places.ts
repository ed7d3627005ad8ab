/** Real Estonian towns; demo products are scattered a few kilometres around them. */
export interface Place {
  name: string;
  lat: number;
  lon: number;
  /** Relative weight: bigger towns get more products. */
  weight: number;
}

export const places: readonly Place[] = [
  { name: 'Tallinn', lat: 59.437, lon: 24.7536, weight: 10 },
  { name: 'Tartu', lat: 58.378, lon: 26.729, weight: 6 },
  { name: 'Pärnu', lat: 58.3859, lon: 24.4971, weight: 4 },
  { name: 'Narva', lat: 59.3772, lon: 28.1903, weight: 3 },
  { name: 'Viljandi', lat: 58.3639, lon: 25.59, weight: 2 },
  { name: 'Rakvere', lat: 59.3464, lon: 26.3558, weight: 2 },
  { name: 'Kohtla-Järve', lat: 59.3986, lon: 27.2731, weight: 2 },
  { name: 'Maardu', lat: 59.4767, lon: 25.025, weight: 1 },
  { name: 'Kuressaare', lat: 58.2528, lon: 22.4856, weight: 2 },
  { name: 'Sillamäe', lat: 59.3997, lon: 27.7631, weight: 1 },
  { name: 'Valga', lat: 57.7775, lon: 26.0473, weight: 1 },
  { name: 'Võru', lat: 57.8339, lon: 27.0194, weight: 2 },
  { name: 'Jõhvi', lat: 59.3592, lon: 27.4211, weight: 1 },
  { name: 'Haapsalu', lat: 58.9431, lon: 23.5414, weight: 2 },
  { name: 'Keila', lat: 59.3036, lon: 24.4131, weight: 1 },
  { name: 'Paide', lat: 58.8856, lon: 25.5572, weight: 1 },
  { name: 'Türi', lat: 58.8086, lon: 25.4325, weight: 1 },
  { name: 'Rapla', lat: 59.0072, lon: 24.7928, weight: 1 },
  { name: 'Põlva', lat: 58.0603, lon: 27.0694, weight: 1 },
  { name: 'Jõgeva', lat: 58.7461, lon: 26.3939, weight: 1 },
  { name: 'Otepää', lat: 58.0581, lon: 26.4961, weight: 1 },
  { name: 'Kärdla', lat: 58.9978, lon: 22.7492, weight: 1 },
  { name: 'Elva', lat: 58.2225, lon: 26.4211, weight: 1 },
  { name: 'Tapa', lat: 59.2606, lon: 25.9586, weight: 1 },
  { name: 'Põltsamaa', lat: 58.6525, lon: 25.9706, weight: 1 },
  { name: 'Räpina', lat: 58.0981, lon: 27.4636, weight: 1 },
  { name: 'Viimsi', lat: 59.5039, lon: 24.8458, weight: 2 },
  { name: 'Saue', lat: 59.3231, lon: 24.5622, weight: 1 },
  { name: 'Kuusalu', lat: 59.4433, lon: 25.4372, weight: 1 },
  { name: 'Kehra', lat: 59.3361, lon: 25.3386, weight: 1 },
];

export const RAASILLA = { name: 'Rääsilla', lat: 58.9297, lon: 24.8736 };
