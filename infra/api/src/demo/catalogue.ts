import type { CategoryTemplate } from './catalogue-tech';
import { leisureTemplates } from './catalogue-leisure';
import { machineryTemplates } from './catalogue-machinery';
import { vehicleTemplates } from './catalogue-vehicles';

export type { CategoryTemplate };

// One template per category, in this order: the generator draws from one seeded sequence, so the
// order fixes every demo product.
export const templates: readonly CategoryTemplate[] = [...vehicleTemplates, ...machineryTemplates, ...leisureTemplates];
