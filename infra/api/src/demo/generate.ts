import type { Weekday } from 'shared-kernel/schemas';
import type { products } from '../db/schema';
import { categoryTree, GOKART_CATEGORY_ID, GOKART_PRODUCT_ID } from '../catalog/categories';
import { templates } from './catalogue';
import type { DemoUser } from './demo-users';
import type { DemoImageSpec } from './images';
import { places, RAASILLA } from './places';
import { createRandom } from './prng';

type NewProduct = typeof products.$inferInsert;

export interface DemoProductPlan {
  ownerKey: DemoUser['key'];
  product: Omit<NewProduct, 'userId'>;
  images: { fileName: string; title: string }[];
  services: { name: string; costCents: number; additionalInfo: string | null }[];
  vacationDays: string[];
}

export interface DemoPlan {
  products: DemoProductPlan[];
  images: DemoImageSpec[];
}

const WEEKDAYS: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const RENT_DAY_SETS: Weekday[][] = [WEEKDAYS, WEEKDAYS, WEEKDAYS.slice(0, 5), WEEKDAYS.slice(0, 6), ['FRIDAY', 'SATURDAY', 'SUNDAY']];
const HOURS: [string, string][] = [
  ['08:00', '18:00'],
  ['09:00', '17:00'],
  ['07:00', '21:00'],
  ['00:00', '23:59'],
];
const INACTIVE_REASONS = ['Remondis', 'Müüdud', 'Hooajaväline', null];
const VARIANTS = ['', ' (uus)', ' – hea hind', ' koos lisadega', ' 2023', ' pikaajaliseks rendiks'];
// Demo products are spread over the three years before this date, so the data never depends on "now".
const CREATED_BASE = Date.UTC(2025, 4, 31, 12);
const THREE_YEARS_MS = 3 * 365 * 24 * 3600 * 1000;

const childName = new Map(categoryTree.map((c) => [c.id, c.name]));

// A cover is the 435 px copy of a larger picture, named `X-cover.jpg` beside `X.jpg` as uploads
// are (services/storage), so the demo covers have their large rendition too (issue 25). The names
// are new ('p'), so a data folder from before never passes an old 435 px file off as the large one.
function largeFile(categoryId: number, variant: number) {
  return `demo-p${categoryId}-${variant}.jpg`;
}
function coverFile(categoryId: number, variant: number) {
  return `demo-p${categoryId}-${variant}-cover.jpg`;
}
function detailFile(categoryId: number) {
  return `demo-d${categoryId}.jpg`;
}

const euros = (n: number) => Math.round(n) * 100;

/** Deterministic: the same seed gives the same catalogue on every machine. */
export function generateDemoPlan(seed = 20250601): DemoPlan {
  const r = createRandom(seed);
  const images: DemoImageSpec[] = [];
  for (const t of templates) {
    const hueBase = (t.categoryId * 47) % 360;
    for (let v = 0; v < 3; v++) {
      const picture = { title: childName.get(t.categoryId) ?? '', subtitle: 'Rendi Rendimest', hue: (hueBase + v * 25) % 360 };
      images.push({ fileName: coverFile(t.categoryId, v), ...picture, width: 435, height: 290 });
      images.push({ fileName: largeFile(t.categoryId, v), ...picture, width: 1200, height: 800 });
    }
    images.push({
      fileName: detailFile(t.categoryId),
      title: childName.get(t.categoryId) ?? '',
      subtitle: 'Vaata lähemalt',
      hue: (hueBase + 180) % 360,
      width: 1200,
      height: 800,
    });
  }
  images.push({
    fileName: 'demo-kart-p1-cover.jpg',
    title: 'Rääsilla kardirada',
    subtitle: 'Kardisõit kogu perele',
    hue: 5,
    width: 435,
    height: 290,
  });
  images.push({
    fileName: 'demo-kart-p1.jpg',
    title: 'Rääsilla kardirada',
    subtitle: 'Kardisõit kogu perele',
    hue: 5,
    width: 1200,
    height: 800,
  });
  images.push({
    fileName: 'demo-kart-2.jpg',
    title: 'Rääsilla kardirada',
    subtitle: '20-minutilised sõiduajad',
    hue: 25,
    width: 1200,
    height: 800,
  });

  const plans: DemoProductPlan[] = [];
  let nextId = 1;
  for (const t of templates) {
    for (let i = 0; i < t.count; i++) {
      if (nextId === GOKART_PRODUCT_ID) nextId++;
      const id = nextId++;
      const place = r.weighted(places);
      // Scatter within ~7 km of the town centre, never east of the Narva river.
      const lat = +(place.lat + (r.next() - 0.5) * 0.12).toFixed(6);
      const lon = +Math.min(place.lon + (r.next() - 0.5) * 0.24, 28.17).toFixed(6);
      const model = r.pick(t.models);
      const name = `${model}${r.chance(0.4) ? r.pick(VARIANTS) : ''}`;
      const daily = r.int(t.daily[0], t.daily[1]);
      const tiers = r.chance(0.8);
      const [startTs, endTs] = r.pick(HOURS);
      const deleted = r.chance(0.06);
      const services = t.services
        .filter(() => r.chance(0.6))
        .map((s) => ({ name: s.name, costCents: euros(s.cost), additionalInfo: s.info }));
      const imageCount = r.int(1, 3);
      const variant = r.int(0, 2);
      const productImages = [{ fileName: coverFile(t.categoryId, variant), title: name }];
      if (imageCount > 1) productImages.push({ fileName: detailFile(t.categoryId), title: `${name} – detail` });
      if (imageCount > 2) productImages.push({ fileName: largeFile(t.categoryId, (variant + 1) % 3), title: `${name} – vaade` });
      const ownerKey = r.pick(t.owners);
      const business = ownerKey === 'businessOwner' || ownerKey === 'machinery';
      const automaticallyApproved = business && r.chance(0.25);
      const vacationDays = r.chance(0.2) ? [`2025-07-${String(r.int(1, 20)).padStart(2, '0')}`, `2025-12-24`] : [];
      plans.push({
        ownerKey,
        product: {
          id,
          categoryId: t.categoryId,
          name,
          description: `${model} – ${place.name} ja lähiümbrus. ${r.pick(t.blurb)} ${t.blurb.length > 1 ? r.pick(t.blurb) : ''}`
            .replace(/\s+/g, ' ')
            .trim(),
          productCode: business ? `RD-${t.categoryId}-${String(id).padStart(4, '0')}` : null,
          priceDailyCents: euros(daily),
          priceHourCents: t.hourly ? euros(Math.max(5, daily / 6)) : null,
          threeDayCents: tiers ? euros(daily * 0.9) : null,
          aWeekCents: tiers ? euros(daily * 0.8) : null,
          twoWeekCents: tiers && r.chance(0.7) ? euros(daily * 0.72) : null,
          monthCents: tiers && r.chance(0.6) ? euros(daily * 0.6) : null,
          weekendDayCents: t.weekend && r.chance(0.5) ? euros(daily * 1.1) : null,
          costCents: euros(r.int(t.deposit[0], t.deposit[1]) / 10) * 10,
          startTs,
          endTs,
          rentDays: r.pick(RENT_DAY_SETS),
          paidLater: business && r.chance(0.3),
          automaticallyApproved,
          automaticallyApprovedTxt: automaticallyApproved
            ? 'Broneering kinnitatakse automaatselt. Võtame sinuga ühendust päev enne rendi algust.'
            : null,
          deleted,
          inactiveReason: deleted ? r.pick(INACTIVE_REASONS) : null,
          lat,
          lon,
          locationDescription: `${place.name}, Eesti`,
          createdTs: new Date(CREATED_BASE - Math.floor(r.next() * THREE_YEARS_MS)),
          ...t.tech(r),
        },
        images: productImages,
        services,
        vacationDays,
      });
    }
  }

  plans.push({
    ownerKey: 'karting',
    product: {
      id: GOKART_PRODUCT_ID,
      categoryId: GOKART_CATEGORY_ID,
      name: 'Rääsilla kardisõit',
      description:
        'Kardisõit Rääsilla kardirajal. Sõiduaeg 20 minutit, ühes sõiduajas kuni 10 sõitjat. Palume saabuda 30 minutit varem; minimaalne pikkus 140 cm, kinnised jalanõud, kaine olek; alaealised koos täiskasvanuga.',
      priceDailyCents: 2000,
      priceHourCents: null,
      costCents: 0,
      startTs: '10:00',
      endTs: '20:00',
      rentDays: ['WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      automaticallyApproved: true,
      automaticallyApprovedTxt: 'Sõiduaeg kinnitatakse kohe pärast makset.',
      lat: RAASILLA.lat,
      lon: RAASILLA.lon,
      locationDescription: 'Rääsilla kardirada, Rapla vald',
      createdTs: new Date(Date.UTC(2023, 4, 1, 10)),
      power: 9,
      engineType: 'Bensiin',
    },
    images: [
      { fileName: 'demo-kart-p1-cover.jpg', title: 'Rääsilla kardirada' },
      { fileName: 'demo-kart-2.jpg', title: 'Rääsilla kardirada – rada' },
    ],
    services: [],
    vacationDays: [],
  });

  return { products: plans.sort((a, b) => Number(a.product.id) - Number(b.product.id)), images };
}
