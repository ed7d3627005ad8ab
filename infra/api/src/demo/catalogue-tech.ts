import type { Random } from './prng';
import type { DemoUser } from './demo-users';

// The demo catalogue's shapes and technical-field generators (split from catalogue.ts, issue 26).

export type Tech = Partial<{
  width: number;
  height: number;
  lengthOfItem: number;
  weight: number;
  maxCarry: number;
  engineType: string;
  issueYear: number;
  power: number;
  axleCount: number;
  seat: number;
  gear: string;
  platformHeight: number;
  canGoForeign: boolean;
  carryingWheels: string;
  carryConfiguration: string;
  distanceTravelled: number;
  radiusMax: number;
  platformMeasurements: string;
  liftType: string;
}>;

export interface CategoryTemplate {
  categoryId: number;
  /** Models; a product name is a model plus an optional variant. */
  models: string[];
  /** Daily price range in euros. */
  daily: [number, number];
  hourly: boolean;
  weekend: boolean;
  deposit: [number, number];
  owners: DemoUser['key'][];
  services: { name: string; cost: number; info: string | null }[];
  blurb: string[];
  tech: (r: Random) => Tech;
  /** How many products of this kind (roughly). */
  count: number;
}

export const trailerTech = (r: Random): Tech => ({
  lengthOfItem: r.int(200, 450) / 100,
  width: r.int(120, 200) / 100,
  maxCarry: r.int(5, 25) * 50,
  weight: r.int(150, 600),
  axleCount: r.chance(0.6) ? 1 : 2,
  canGoForeign: r.chance(0.7),
});
export const carTech = (r: Random): Tech => ({
  seat: r.pick([2, 5, 5, 7, 9]),
  gear: r.pick(['automaat', 'manuaal']),
  engineType: r.pick(['Diisel', 'Bensiin', 'Elekter']),
  issueYear: r.int(2012, 2024),
  power: r.int(60, 180),
  distanceTravelled: r.int(10, 250) * 1000,
  canGoForeign: r.chance(0.5),
  carryingWheels: r.pick(['esivedu', 'tagavedu', 'nelikvedu']),
});
export const heavyTech = (r: Random): Tech => ({
  weight: r.int(15, 250) * 100,
  power: r.int(20, 200),
  engineType: 'Diisel',
  issueYear: r.int(2008, 2023),
  carryConfiguration: r.pick(['Roomikud', 'Kummist roomikud', 'Ratastel']),
  radiusMax: r.int(30, 120) / 10,
});
export const liftTech =
  (liftType: string) =>
  (r: Random): Tech => ({
    platformHeight: r.int(6, 26),
    liftType,
    engineType: r.pick(['Diisel', 'Elekter', 'Aku', 'Elekter/bensiin', 'Elekter/aku']),
    maxCarry: r.int(2, 25) * 10,
    platformMeasurements: `${r.int(60, 90)} x ${r.int(120, 250)} cm`,
    weight: r.int(8, 60) * 100,
    issueYear: r.int(2010, 2023),
  });
export const smallTech = (r: Random): Tech => ({ weight: r.int(2, 80), power: r.int(1, 30) / 10 });
