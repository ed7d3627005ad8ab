import { LIMITS } from 'shared-kernel/domain';
import { publicSiteTexts } from '../../../messages/public-site';

/** Shortcut routes of spec section 2.1; each opens the map search with a preset filter. */
export const SHORTCUT = {
  heavyMachinery: '/otsing/rasketehnika/rent',
  trailers: '/otsing/haagised/rent',
  vehicles: '/otsing/soidukid/rent',
  saunas: '/otsing/saunade/rent',
  tools: '/otsing/tooriistad/rent',
  textileWashers: '/otsing/tekstiilipesur/rent',
} as const;

const byCategory = (id: number) => `/public/search-products?cat=${id}`;

export type CategoryKey =
  'trailers' | 'vehicles' | 'heavyMachinery' | 'lifts' | 'saunas' | 'tools' | 'textileWashers' | 'homeAndGarden' | 'videoAudio' | 'hobby';

export interface CategoryLink {
  /** Names the category and its icon (components/category-icon.tsx). */
  key: CategoryKey;
  label: string;
  to: string;
}

const t = publicSiteTexts;

export const CHIPS: readonly CategoryLink[] = [
  { key: 'trailers', label: t.chips.trailers, to: SHORTCUT.trailers },
  { key: 'vehicles', label: t.chips.vehicles, to: SHORTCUT.vehicles },
  { key: 'heavyMachinery', label: t.chips.heavyMachinery, to: SHORTCUT.heavyMachinery },
  { key: 'saunas', label: t.chips.saunas, to: SHORTCUT.saunas },
  { key: 'tools', label: t.chips.tools, to: SHORTCUT.tools },
  { key: 'textileWashers', label: t.chips.textileWashers, to: SHORTCUT.textileWashers },
];

/** Front-page tiles: home and garden is category 7, video/audio 6, hobby 2 (spec 2.3). */
export const TILES: readonly CategoryLink[] = [
  { key: 'vehicles', label: t.tiles.vehicles, to: SHORTCUT.vehicles },
  { key: 'homeAndGarden', label: t.tiles.homeAndGarden, to: byCategory(7) },
  { key: 'videoAudio', label: t.tiles.videoAudio, to: byCategory(6) },
  { key: 'trailers', label: t.tiles.trailers, to: SHORTCUT.trailers },
  { key: 'hobby', label: t.tiles.hobby, to: byCategory(2) },
  { key: 'heavyMachinery', label: t.tiles.heavyMachinery, to: SHORTCUT.heavyMachinery },
  { key: 'tools', label: t.tiles.tools, to: SHORTCUT.tools },
];

export const CIRCLES: readonly CategoryLink[] = [
  { key: 'trailers', label: t.chips.trailers, to: SHORTCUT.trailers },
  { key: 'vehicles', label: t.chips.vehicles, to: SHORTCUT.vehicles },
  { key: 'heavyMachinery', label: t.chips.heavyMachinery, to: SHORTCUT.heavyMachinery },
  { key: 'lifts', label: t.liftsLabel, to: byCategory(60) },
  { key: 'saunas', label: t.chips.saunas, to: SHORTCUT.saunas },
  { key: 'tools', label: t.chips.tools, to: SHORTCUT.tools },
  { key: 'textileWashers', label: t.chips.textileWashers, to: SHORTCUT.textileWashers },
];

/** Random page 0..3 of 7 products (spec section 9). */
export function randomSliderPage(random: () => number = Math.random): number {
  return Math.min(LIMITS.frontPageSliderMaxPage, Math.floor(random() * (LIMITS.frontPageSliderMaxPage + 1)));
}
