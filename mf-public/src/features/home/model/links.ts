import { messages } from 'shared-kernel/messages';
import { LIMITS } from 'shared-kernel/domain';

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

export interface CategoryLink {
  key: string;
  label: string;
  to: string;
  icon: string;
}

const t = messages.publicSite;

export const CHIPS: readonly CategoryLink[] = [
  { key: 'trailers', label: t.chips.trailers, to: SHORTCUT.trailers, icon: '🚚' },
  { key: 'vehicles', label: t.chips.vehicles, to: SHORTCUT.vehicles, icon: '🚗' },
  { key: 'heavyMachinery', label: t.chips.heavyMachinery, to: SHORTCUT.heavyMachinery, icon: '🚜' },
  { key: 'saunas', label: t.chips.saunas, to: SHORTCUT.saunas, icon: '🧖' },
  { key: 'tools', label: t.chips.tools, to: SHORTCUT.tools, icon: '🔧' },
  { key: 'textileWashers', label: t.chips.textileWashers, to: SHORTCUT.textileWashers, icon: '🧽' },
];

/** Front-page tiles: home and garden is category 7, video/audio 6, hobby 2 (spec 2.3). */
export const TILES: readonly CategoryLink[] = [
  { key: 'vehicles', label: t.tiles.vehicles, to: SHORTCUT.vehicles, icon: '🚗' },
  { key: 'homeAndGarden', label: t.tiles.homeAndGarden, to: byCategory(7), icon: '🏡' },
  { key: 'videoAudio', label: t.tiles.videoAudio, to: byCategory(6), icon: '🎥' },
  { key: 'trailers', label: t.tiles.trailers, to: SHORTCUT.trailers, icon: '🚚' },
  { key: 'hobby', label: t.tiles.hobby, to: byCategory(2), icon: '🚴' },
  { key: 'heavyMachinery', label: t.tiles.heavyMachinery, to: SHORTCUT.heavyMachinery, icon: '🚜' },
  { key: 'tools', label: t.tiles.tools, to: SHORTCUT.tools, icon: '🔧' },
];

export const CIRCLES: readonly CategoryLink[] = [
  { key: 'trailers', label: t.chips.trailers, to: SHORTCUT.trailers, icon: '🚚' },
  { key: 'vehicles', label: t.chips.vehicles, to: SHORTCUT.vehicles, icon: '🚗' },
  { key: 'heavyMachinery', label: t.chips.heavyMachinery, to: SHORTCUT.heavyMachinery, icon: '🚜' },
  { key: 'lifts', label: t.liftsLabel, to: byCategory(60), icon: '🏗️' },
  { key: 'saunas', label: t.chips.saunas, to: SHORTCUT.saunas, icon: '🧖' },
  { key: 'tools', label: t.chips.tools, to: SHORTCUT.tools, icon: '🔧' },
  { key: 'textileWashers', label: t.chips.textileWashers, to: SHORTCUT.textileWashers, icon: '🧽' },
];

/** Random page 0..3 of 7 products (spec section 9). */
export function randomSliderPage(random: () => number = Math.random): number {
  return Math.min(LIMITS.frontPageSliderMaxPage, Math.floor(random() * (LIMITS.frontPageSliderMaxPage + 1)));
}

export const detailUrl = (id: number) => `/public/detail-view/${id}`;
