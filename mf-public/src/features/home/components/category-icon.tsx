import type { LucideIcon } from 'lucide-react';
// One module per icon, never the package root: only these few icons reach the front page.
import Bike from 'lucide-react/icons/bike';
import Car from 'lucide-react/icons/car';
import Caravan from 'lucide-react/icons/caravan';
import Flame from 'lucide-react/icons/flame';
import Forklift from 'lucide-react/icons/forklift';
import House from 'lucide-react/icons/house';
import SprayCan from 'lucide-react/icons/spray-can';
import Tractor from 'lucide-react/icons/tractor';
import Video from 'lucide-react/icons/video';
import Wrench from 'lucide-react/icons/wrench';
import type { CategoryKey } from '../model/links';

const ICONS: Record<CategoryKey, LucideIcon> = {
  trailers: Caravan,
  vehicles: Car,
  heavyMachinery: Tractor,
  lifts: Forklift,
  saunas: Flame,
  tools: Wrench,
  textileWashers: SprayCan,
  homeAndGarden: House,
  videoAudio: Video,
  hobby: Bike,
};

/**
 * A category's icon as inline SVG. Emoji showed as empty boxes on machines without an emoji font;
 * an SVG draws the same everywhere and takes the text colour. Decorative: the label names the link.
 */
export function CategoryIcon({ category, size = 20 }: { category: CategoryKey; size?: number }) {
  const Icon = ICONS[category];
  return <Icon size={size} strokeWidth={1.75} aria-hidden="true" focusable="false" data-icon={category} />;
}
