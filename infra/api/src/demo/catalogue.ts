import type { Random } from './prng';
import type { DemoUser } from './demo-users';

type Tech = Partial<{
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

const trailerTech = (r: Random): Tech => ({
  lengthOfItem: r.int(200, 450) / 100,
  width: r.int(120, 200) / 100,
  maxCarry: r.int(5, 25) * 50,
  weight: r.int(150, 600),
  axleCount: r.chance(0.6) ? 1 : 2,
  canGoForeign: r.chance(0.7),
});
const carTech = (r: Random): Tech => ({
  seat: r.pick([2, 5, 5, 7, 9]),
  gear: r.pick(['automaat', 'manuaal']),
  engineType: r.pick(['Diisel', 'Bensiin', 'Elekter']),
  issueYear: r.int(2012, 2024),
  power: r.int(60, 180),
  distanceTravelled: r.int(10, 250) * 1000,
  canGoForeign: r.chance(0.5),
  carryingWheels: r.pick(['esivedu', 'tagavedu', 'nelikvedu']),
});
const heavyTech = (r: Random): Tech => ({
  weight: r.int(15, 250) * 100,
  power: r.int(20, 200),
  engineType: 'Diisel',
  issueYear: r.int(2008, 2023),
  carryConfiguration: r.pick(['Roomikud', 'Kummist roomikud', 'Ratastel']),
  radiusMax: r.int(30, 120) / 10,
});
const liftTech =
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
const smallTech = (r: Random): Tech => ({ weight: r.int(2, 80), power: r.int(1, 30) / 10 });

export const templates: readonly CategoryTemplate[] = [
  {
    categoryId: 17,
    models: ['Respo 750 kastihaagis', 'Brenderup 1205S', 'Tiki C265', 'Neptun N7-262', 'Humbaur Startrailer', 'Stema Basic', 'Kastihaagis võrkpiirdega'],
    daily: [15, 35], hourly: false, weekend: true, deposit: [50, 150],
    owners: ['privateOwner', 'machinery', 'secondOwner'],
    services: [
      { name: 'Rihmad koorma kinnitamiseks', cost: 3, info: '4 tk pingutusrihmu' },
      { name: 'Võrkkate', cost: 5, info: null },
      { name: 'Pistikuadapter 7/13', cost: 2, info: null },
    ],
    blurb: ['Sobib kolimiseks, aiaprahi ja ehitusmaterjali vedamiseks.', 'Registreeritud ja kindlustatud, tuled korras.'],
    tech: trailerTech, count: 26,
  },
  {
    categoryId: 18,
    models: ['Autoveohaagis Boro Atlas', 'Respo autotreiler 3000', 'Neptun autoveohaagis', 'Humbaur FTK autotreiler'],
    daily: [45, 80], hourly: false, weekend: true, deposit: [200, 400],
    owners: ['machinery', 'businessOwner'],
    services: [
      { name: 'Vints', cost: 15, info: 'Elektriline vints 12V' },
      { name: 'Pealesõiduteed', cost: 5, info: null },
    ],
    blurb: ['Kallutatav platvorm ja pealesõiduteed, sobib sõiduauto ja väiketehnika veoks.'],
    tech: trailerTech, count: 10,
  },
  {
    categoryId: 19,
    models: ['Paadihaagis Respo 500', 'Mootorrattahaagis 3 kohta', 'Paadihaagis Tiki B-750'],
    daily: [15, 30], hourly: false, weekend: true, deposit: [50, 150],
    owners: ['privateOwner', 'secondOwner'],
    services: [{ name: 'Ratta kinnitusrööpad', cost: 5, info: null }],
    blurb: ['Reguleeritav kiil ja rullikud, sobib kuni 5 m paadile.'],
    tech: trailerTech, count: 6,
  },
  {
    categoryId: 20,
    models: ['Furgoonhaagis Brenderup CD260', 'Kinnine haagis 750 kg', 'Furgoonhaagis Tema Cargo'],
    daily: [25, 45], hourly: false, weekend: true, deposit: [100, 200],
    owners: ['privateOwner', 'machinery'],
    services: [{ name: 'Kolimiskastid (10 tk)', cost: 10, info: null }],
    blurb: ['Kinnine kere hoiab koorma kuiva, sobib hästi kolimiseks.'],
    tech: trailerTech, count: 8,
  },
  {
    categoryId: 56,
    models: ['Toyota Corolla', 'Škoda Octavia Combi', 'Volkswagen Golf', 'Tesla Model 3', 'Kia Ceed', 'Toyota RAV4 hübriid', 'Volvo V60'],
    daily: [35, 90], hourly: true, weekend: true, deposit: [200, 500],
    owners: ['businessOwner', 'secondOwner'],
    services: [
      { name: 'Lapse turvatool', cost: 10, info: 'Kokku kogu rendiperioodiks' },
      { name: 'Lisajuht', cost: 15, info: null },
      { name: 'Katuseboks', cost: 20, info: '420 l' },
    ],
    blurb: ['Hooldatud ja puhas auto, talverehvid hooajal.', 'Tankida tagasi sama kütusetasemega.'],
    tech: carTech, count: 18,
  },
  {
    categoryId: 9,
    models: ['Ford Transit kaubik', 'Volkswagen Crafter', 'Mercedes-Benz Sprinter 9 kohta', 'Renault Master kaubik', 'Peugeot Boxer'],
    daily: [50, 110], hourly: true, weekend: true, deposit: [300, 600],
    owners: ['businessOwner', 'machinery'],
    services: [
      { name: 'Kärud ja rihmad', cost: 10, info: null },
      { name: 'Lisajuht', cost: 15, info: null },
    ],
    blurb: ['Suur pakiruum, sobib kolimiseks ja ettevõtte vedudeks.'],
    tech: carTech, count: 12,
  },
  {
    categoryId: 21,
    models: ['Matkaauto Fiat Ducato Adria', 'Haagissuvila Hobby 495', 'Matkaauto Knaus Sky TI'],
    daily: [90, 160], hourly: false, weekend: true, deposit: [500, 1000],
    owners: ['businessOwner', 'privateOwner'],
    services: [
      { name: 'Voodipesu komplekt', cost: 10, info: 'inimese kohta' },
      { name: 'Jalgrattahoidja', cost: 15, info: null },
    ],
    blurb: ['Täisvarustuses köök, WC ja dušš, 4 magamiskohta.'],
    tech: carTech, count: 6,
  },
  {
    categoryId: 22,
    models: ['ATV CFMoto CForce 520', 'Yamaha MT-07', 'Polaris Sportsman 570'],
    daily: [60, 120], hourly: true, weekend: true, deposit: [300, 600],
    owners: ['machinery', 'secondOwner'],
    services: [{ name: 'Kiiver ja kindad', cost: 8, info: null }],
    blurb: ['Nõuab vastava kategooria juhiluba.'],
    tech: carTech, count: 6,
  },
  {
    categoryId: 57,
    models: ['Roomikekskavaator Volvo EC140', 'Miniekskavaator Kubota KX019', 'Roomikekskavaator CAT 308', 'Roomiklaadur Bobcat T450', 'Miniekskavaator Takeuchi TB216'],
    daily: [120, 380], hourly: true, weekend: false, deposit: [500, 2000],
    owners: ['businessOwner', 'machinery'],
    services: [
      { name: 'Transport objektile', cost: 80, info: 'Tallinna piires, kaugemale kokkuleppel' },
      { name: 'Operaator', cost: 35, info: 'tunnihind' },
      { name: 'Planeerimiskopp', cost: 20, info: null },
    ],
    blurb: ['Hooldatud tehnika, kopad vahetatavad kiirliitmikuga.', 'Kütus ei sisaldu hinnas.'],
    tech: heavyTech, count: 16,
  },
  {
    categoryId: 58,
    models: ['Rataslaadur Volvo L30', 'Ratasekskavaator Liebherr A914', 'Teleskooplaadur JCB 531-70', 'Kopplaadur JCB 3CX'],
    daily: [150, 350], hourly: true, weekend: false, deposit: [800, 2000],
    owners: ['businessOwner', 'machinery'],
    services: [
      { name: 'Transport objektile', cost: 90, info: null },
      { name: 'Operaator', cost: 35, info: 'tunnihind' },
    ],
    blurb: ['Sobib pinnasetöödeks, lumekoristuseks ja laadimiseks.'],
    tech: heavyTech, count: 10,
  },
  {
    categoryId: 59,
    models: ['Autokraana Liebherr LTM 1040', 'Manipulaatoriga veok Scania', 'Autokraana Grove GMK3050'],
    daily: [350, 900], hourly: true, weekend: false, deposit: [1000, 3000],
    owners: ['businessOwner'],
    services: [{ name: 'Tropija', cost: 30, info: 'tunnihind' }],
    blurb: ['Rendime koos kogenud operaatoriga.'],
    tech: heavyTech, count: 6,
  },
  {
    categoryId: 23,
    models: ['Pinnasetihendaja Wacker', 'Vibroplaat Ammann APF', 'Minidamper Cormidi', 'Kändude freesija'],
    daily: [35, 90], hourly: true, weekend: false, deposit: [100, 400],
    owners: ['machinery', 'privateOwner'],
    services: [{ name: 'Transport', cost: 40, info: null }],
    blurb: ['Kompaktne ja lihtne kasutada, mahub haagisele.'],
    tech: heavyTech, count: 10,
  },
  {
    categoryId: 61,
    models: ['Järelveetav korvtõstuk Niftylift 120', 'Korvtõstuk Dino 180XT', 'Järelveetav korvtõstuk Denka DK15'],
    daily: [90, 180], hourly: true, weekend: false, deposit: [300, 800],
    owners: ['businessOwner', 'machinery'],
    services: [
      { name: 'Transport', cost: 60, info: null },
      { name: 'Väljaõpe', cost: 20, info: 'Ohutu kasutamise juhend kohapeal' },
    ],
    blurb: ['Haagisena veetav, sobib fassaadi- ja puutöödeks.'],
    tech: liftTech('Järelveetav korvtõstuk'), count: 8,
  },
  {
    categoryId: 62,
    models: ['Korvtõstuk Genie Z-45', 'Korvtõstuk JLG 450AJ', 'Korvtõstuk Haulotte HA16'],
    daily: [140, 260], hourly: true, weekend: false, deposit: [500, 1200],
    owners: ['businessOwner'],
    services: [{ name: 'Transport', cost: 80, info: null }],
    blurb: ['Iseliikuv korvtõstuk ratastel, maastikuvõimekas.'],
    tech: liftTech('Korvtõstuk rastastel'), count: 7,
  },
  {
    categoryId: 63,
    models: ['Käärtõstuk Genie GS-1932', 'Käärtõstuk JLG 3246ES', 'Käärtõstuk Skyjack SJ4632'],
    daily: [60, 140], hourly: true, weekend: false, deposit: [300, 800],
    owners: ['businessOwner', 'machinery'],
    services: [{ name: 'Laadija', cost: 10, info: null }],
    blurb: ['Elektriline, sobib siseruumidesse.'],
    tech: liftTech('Käärtõstuk'), count: 8,
  },
  {
    categoryId: 64,
    models: ['Laotõstuk Toyota Traigo', 'Käsikahveltõstuk 2500 kg', 'Saalitõstuk Genie SLA-10'],
    daily: [25, 110], hourly: true, weekend: false, deposit: [100, 500],
    owners: ['businessOwner', 'machinery'],
    services: [{ name: 'Transport', cost: 50, info: null }],
    blurb: ['Kaubaalustele ja laotöödeks.'],
    tech: liftTech('Laotõstuk'), count: 7,
  },
  {
    categoryId: 24,
    models: ['Saunahaagis Tünnisaun', 'Mobiilne saun 6 kohta', 'Saunahaagis Leiliküla', 'Ratastel saun puukütte ahjuga'],
    daily: [80, 160], hourly: false, weekend: true, deposit: [200, 400],
    owners: ['privateOwner', 'secondOwner'],
    services: [
      { name: 'Küttepuud', cost: 15, info: 'võrk' },
      { name: 'Saunalinad', cost: 5, info: 'inimese kohta' },
      { name: 'Kohaletoomine', cost: 40, info: 'kuni 30 km' },
    ],
    blurb: ['Mõnus leil peole, sünnipäevale või suvepäevadele.', 'Toome kohale ja paneme üles.'],
    tech: trailerTech, count: 14,
  },
  {
    categoryId: 25,
    models: ['Kümblustünn ratastel', 'Mullivann haagisel', 'Kuumaveetünn 8 kohta'],
    daily: [70, 140], hourly: false, weekend: true, deposit: [200, 400],
    owners: ['privateOwner', 'secondOwner'],
    services: [
      { name: 'Küttepuud', cost: 15, info: null },
      { name: 'LED-valgustus', cost: 10, info: null },
    ],
    blurb: ['Puuküttega kümblustünn, soojeneb 2-3 tunniga.'],
    tech: trailerTech, count: 10,
  },
  {
    categoryId: 26,
    models: ['Akutrell Makita', 'Perforaator Hilti TE 30', 'Nurklihvija Bosch', 'Ketassaag DeWalt', 'Plaadilõikur Rubi', 'Betoonilihvija'],
    daily: [10, 45], hourly: true, weekend: false, deposit: [50, 200],
    owners: ['privateOwner', 'machinery', 'secondOwner'],
    services: [
      { name: 'Lõiketera', cost: 10, info: null },
      { name: 'Lisaaku', cost: 5, info: null },
    ],
    blurb: ['Kvaliteetne professionaalne tööriist koos kohvriga.'],
    tech: smallTech, count: 20,
  },
  {
    categoryId: 27,
    models: ['Betoonisegisti 180 l', 'Tellingud 50 m²', 'Plaatimissaag', 'Vibronuia komplekt', 'Lammutushaamer Makita'],
    daily: [15, 60], hourly: false, weekend: false, deposit: [50, 300],
    owners: ['machinery', 'privateOwner'],
    services: [{ name: 'Transport', cost: 30, info: null }],
    blurb: ['Ehitusplatsile ja kodusteks remonditöödeks.'],
    tech: smallTech, count: 14,
  },
  {
    categoryId: 28,
    models: ['Generaator Honda EU22i', 'Diiselgeneraator 10 kVA', 'Õhukompressor 50 l', 'Kaevupump'],
    daily: [20, 80], hourly: false, weekend: true, deposit: [100, 400],
    owners: ['machinery', 'privateOwner'],
    services: [{ name: 'Pikendusjuhe 25 m', cost: 5, info: null }],
    blurb: ['Vaikne ja töökindel, sobib ka üritustele.'],
    tech: smallTech, count: 10,
  },
  {
    categoryId: 29,
    models: ['Tekstiilipesur Kärcher Puzzi 10/1', 'Tekstiilipesur Kärcher SE 4001', 'Vaibapesur Rug Doctor'],
    daily: [15, 30], hourly: false, weekend: true, deposit: [30, 100],
    owners: ['privateOwner', 'secondOwner'],
    services: [{ name: 'Pesuaine', cost: 8, info: '1 l' }],
    blurb: ['Diivanite, madratsite ja autoistmete puhastamiseks.'],
    tech: smallTech, count: 14,
  },
  {
    categoryId: 30,
    models: ['Aurupesur Kärcher SC 4', 'Aurupuhasti Polti Vaporetto'],
    daily: [12, 25], hourly: false, weekend: true, deposit: [30, 80],
    owners: ['secondOwner', 'privateOwner'],
    services: [{ name: 'Lisaotsikud', cost: 3, info: null }],
    blurb: ['Puhastab ilma kemikaalideta.'],
    tech: smallTech, count: 8,
  },
  {
    categoryId: 31,
    models: ['Survepesur Kärcher K7', 'Kuumaveesurvepesur Nilfisk', 'Survepesur bensiinimootoriga'],
    daily: [20, 60], hourly: false, weekend: true, deposit: [50, 150],
    owners: ['machinery', 'privateOwner'],
    services: [{ name: 'Terrassipuhastaja otsik', cost: 5, info: null }],
    blurb: ['Terrasside, fassaadide ja autode pesuks.'],
    tech: smallTech, count: 8,
  },
  {
    categoryId: 32,
    models: ['SUP-laud Aqua Marina', 'Kajakk kahele', 'Kanuu 3 kohta', 'Süstamatka komplekt'],
    daily: [20, 45], hourly: true, weekend: true, deposit: [50, 200],
    owners: ['secondOwner', 'privateOwner'],
    services: [{ name: 'Päästevest', cost: 3, info: null }],
    blurb: ['Sobib rahulikele vetele, kaasas aer ja pump.'],
    tech: smallTech, count: 10,
  },
  {
    categoryId: 33,
    models: ['Matkatelk 4 kohta', 'Katusetelk', 'Matkavarustuse komplekt'],
    daily: [10, 40], hourly: false, weekend: true, deposit: [30, 150],
    owners: ['secondOwner'],
    services: [{ name: 'Magamiskott', cost: 5, info: null }],
    blurb: ['Kerge ja kiiresti püstitatav.'],
    tech: smallTech, count: 6,
  },
  {
    categoryId: 34,
    models: ['Elektrijalgratas Cube', 'Kaubaratas Babboe', 'Maastikuratas Trek'],
    daily: [15, 40], hourly: true, weekend: true, deposit: [100, 300],
    owners: ['secondOwner', 'privateOwner'],
    services: [{ name: 'Kiiver', cost: 2, info: null }],
    blurb: ['Hooldatud ratas koos lukuga.'],
    tech: smallTech, count: 8,
  },
  {
    categoryId: 35,
    models: ['Kõlarisüsteem JBL EON 2x1000W', 'DJ-pult Pioneer', 'Mikrofonikomplekt Shure', 'Helipult Yamaha'],
    daily: [25, 90], hourly: false, weekend: true, deposit: [100, 400],
    owners: ['secondOwner', 'businessOwner'],
    services: [{ name: 'Helimehe teenus', cost: 25, info: 'tunnihind' }],
    blurb: ['Peoks, konverentsiks või õueüritusele.'],
    tech: smallTech, count: 8,
  },
  {
    categoryId: 36,
    models: ['Projektor Epson Full HD', 'Projektor ja ekraan 3 m', 'Välikino komplekt'],
    daily: [25, 70], hourly: false, weekend: true, deposit: [100, 300],
    owners: ['secondOwner'],
    services: [{ name: 'HDMI-kaabel 15 m', cost: 5, info: null }],
    blurb: ['Ere pilt ka valges ruumis.'],
    tech: smallTech, count: 6,
  },
  {
    categoryId: 37,
    models: ['Droon DJI Mini 4 Pro', 'Hübriidkaamera Sony A7 IV', 'Seikluskaamera GoPro'],
    daily: [20, 80], hourly: false, weekend: true, deposit: [200, 800],
    owners: ['secondOwner'],
    services: [{ name: 'Lisaaku', cost: 5, info: null }],
    blurb: ['Kaasas mälukaart ja laadija.'],
    tech: smallTech, count: 6,
  },
  {
    categoryId: 38,
    models: ['Muruniiduk Husqvarna', 'Võsalõikur Stihl FS', 'Mullafrees', 'Lehepuhur', 'Oksapurustaja', 'Murutraktor'],
    daily: [15, 60], hourly: true, weekend: true, deposit: [50, 300],
    owners: ['privateOwner', 'secondOwner', 'machinery'],
    services: [{ name: 'Kütusekanister', cost: 5, info: null }],
    blurb: ['Aiatöödeks kevadest sügiseni.'],
    tech: smallTech, count: 14,
  },
  {
    categoryId: 39,
    models: ['Peotelk 6x12 m', 'Peotelk 4x8 m', 'Laudade ja pinkide komplekt', 'Terrassisoojendi'],
    daily: [25, 150], hourly: false, weekend: true, deposit: [100, 300],
    owners: ['secondOwner', 'privateOwner'],
    services: [{ name: 'Ülespanek', cost: 50, info: null }],
    blurb: ['Pulmadeks, sünnipäevadeks ja firmaüritusteks.'],
    tech: smallTech, count: 10,
  },
];
