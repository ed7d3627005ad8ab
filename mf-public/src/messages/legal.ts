import type { TextCatalogue } from 'shared-kernel/messages';

/**
 * Long texts of the public site: terms of use, privacy policy, FAQ and the products footer page.
 * Written from the facts of the spec (sections 1 and 9); each section is a title plus paragraphs.
 */
export const legalTexts = {
  termsTitle: 'Kasutustingimused',
  termsUpdated: 'Uuendatud septembris 2023',
  termsContents: 'Sisukord',
  terms: {
    cookies: {
      title: 'Küpsised',
      p1: 'Platvorm kasutab küpsiseid, et hoida sind sisse logituna, meeles pidada sinu valikuid ja mõõta lehe kasutamist.',
      p2: 'Seansiküpsised kehtivad kuni lehe sulgemiseni või 24 tundi pärast viimast tegevust. Püsivate küpsiste andmeid hoitakse kuni 2 aastat.',
      p3: 'Küpsiste kasutamisega nõustumise valik salvestatakse sinu brauserisse ning küpsised saad igal ajal brauseri seadetes kustutada.',
    },
    general: {
      title: 'Üldsätted',
      p1: 'Need tingimused kehtivad kõigile platvormi kasutajatele: rendileandjatele, rentijatele, eraklientidele (B2C) ja äriklientidele (B2B).',
      p2: 'Platvormi kasutama võivad ainult vähemalt 18-aastased isikud. Registreerudes kinnitad, et oled tingimused läbi lugenud ja nendega nõus.',
      p3: 'Tingimusi võidakse muuta; kehtiv versioon on alati sellel lehel.',
    },
    platform: {
      title: 'Platvorm',
      p1: 'Teenusepakkuja on ainult platvorm, mis viib kokku rendileandjad ja rentijad. Teenusepakkuja ei ole rendilepingu pool.',
      p2: 'Maksed liiguvad litsentseeritud makseasutuse kaudu. Väljamaksete töötlemine võtab vähemalt kolm tööpäeva.',
      p3: 'Toodete lisamine on tasuta; vahendustasu lisandub ainult rendilepingutele.',
    },
    account: {
      title: 'Konto',
      p1: 'Eraklient tuvastab oma isiku ühe korra Mobiil-ID või Smart-ID abil. Äriklient tuvastab registreerimisel samamoodi esindaja isiku.',
      p2: 'Registreerimise käigus kontrollitakse makseviivituste puudumist avalikus registris. Võlgnevusega kasutaja võib rentida piiratud summa eest: eraisik kuni 500 eurot, ettevõte kuni 2000 eurot.',
      p3: 'Kasutaja vastutab oma konto andmete õigsuse ja parooli hoidmise eest. Pärast mitut järjestikust ebaõnnestunud sisselogimist lukustatakse konto üheks tunniks.',
    },
    listings: {
      title: 'Kuulutused',
      p1: 'Rendileandja kirjeldab toodet õigesti ja täielikult, lisab tegelikud pildid, hinnad ning päevad ja kellaajad, millal toode on rentimiseks saadaval.',
      p2: 'Kuulutus ei tohi rikkuda seadust ega kolmandate isikute õigusi. Platvorm võib eksitava või keelatud kuulutuse eemaldada.',
    },
    rentalContract: {
      title: 'Rendileping',
      p1: 'Rentija esitab tellimuse, rendileandja kinnitab selle ning seejärel sõlmitakse rendileping rentija ja rendileandja vahel.',
      p2: 'Mõlemad pooled märgivad platvormil toote üleandmise ja hiljem tagastamise.',
      p3: 'Rentija võib taotleda rendiperioodi pikendamist. Pikendus kehtib ainult siis, kui rendileandja selle enne esialgse perioodi lõppu kinnitab.',
    },
    use: {
      title: 'Kasutamine',
      p1: 'Rentija kasutab toodet heaperemehelikult ja sihtotstarbeliselt ega anna seda kolmandale isikule.',
      p2: 'Rentija säilitab üleandmisel tehtud fotod või video vähemalt üks nädal pärast rendi lõppu.',
      p3: 'Kui rentija jätab puuduse teatamata või annab toote kolmandale isikule, on leppetrahv 7 päeva renditasu, mis jagatakse võrdselt (50/50) teenusepakkuja ja rendileandja vahel.',
    },
    return: {
      title: 'Tagastamine',
      p1: 'Toode tagastatakse kokkulepitud ajal ja samas seisukorras, arvestades tavapärast kulumist.',
      p2: 'Hilinenud tagastamise eest tuleb maksta kahekordset päeva- või tunnitasu.',
      p3: 'Kui toodet ei tagastata, on leppetrahv kahekordne kogu rendiperioodi hind, mis jagatakse võrdselt teenusepakkuja ja rendileandja vahel; rendiperiood pikeneb kuni tagastamiseni.',
    },
    serviceFee: {
      title: 'Teenustasu',
      p1: 'Teenustasu on 0% päevasest rendihinnast (lisatakse hinnale toote lisamisel) ning ühekordselt 10% valitud lisateenuste hinnast.',
      p2: 'Tühistamisel tagastatakse raha vastavalt ajale enne rendi algust: üle 48 tunni 100%, 48–24 tundi 75%, 24–12 tundi 50%, alla 12 tunni 0%.',
      p3: 'Probleemist teatamise korral tehakse tagasimaksed kolme tööpäeva jooksul.',
    },
    reviews: {
      title: 'Tagasiside',
      p1: 'Pärast rendi lõppu saab rentija tootele hinnangu ja tagasiside jätta; rendileandja saab probleemi korral esitada kaebuse.',
      p2: 'Tagasiside peab olema aus ja asjakohane. Solvavad või eksitavad arvustused eemaldatakse.',
    },
    platformManagement: {
      title: 'Platvormi haldamine',
      p1: 'Teenusepakkuja võib platvormi arendada, hooldada ja ajutiselt piirata selle kasutamist.',
      p2: 'Väärkasutuse või valeandmete korral võib teenusepakkuja kasutaja konto peatada või sulgeda.',
    },
    ownership: {
      title: 'Omandiõigus',
      p1: 'Rendile antud toode jääb kogu rendiperioodi jooksul rendileandja omandiks.',
      p2: 'Platvormi tarkvara, kujundus ja kaubamärk kuuluvad teenusepakkujale. Kuulutuse sisu õigused jäävad selle lisajale, kes annab platvormile loa seda kuvada.',
    },
    personalData: {
      title: 'Isikuandmed',
      p1: 'Isikuandmeid töödeldakse konto pidamiseks, isikutuvastuseks, maksete tegemiseks ja seadusest tulenevate kohustuste täitmiseks.',
      p2: 'Andmeid säilitatakse kuni 2 aastat pärast konto lõpetamist, raamatupidamisdokumente 7 aastat ja lepingute andmeid 10 aastat.',
      p3: 'Täpsemalt kirjeldab isikuandmete töötlemist privaatsuspoliitika.',
    },
    liability: {
      title: 'Vastutus',
      p1: 'Teenusepakkuja ei vastuta rendilepingu täitmise, toote seisukorra ega poolte vaheliste vaidluste eest, kuna ta ei ole lepingu pool.',
      p2: 'Rentija vastutab toote eest alates üleandmisest kuni tagastamiseni.',
    },
    other: {
      title: 'Muud sätted',
      p1: 'Tingimustele kohaldatakse Eesti Vabariigi õigust. Vaidlused lahendatakse eelkõige läbirääkimiste teel.',
      p2: 'Küsimuste korral kirjuta meile aadressil {email}.',
    },
  },
  privacyTitle: 'Privaatsuspoliitika',
  privacy: {
    controller: {
      title: 'Vastutav töötleja',
      p1: 'Isikuandmete vastutav töötleja on platvormi {product} haldaja. Kontakt: {email}.',
    },
    data: {
      title: 'Milliseid andmeid kogume',
      p1: 'Nimi, isikukood, e-posti aadress, telefoninumber, pangakonto number, ettevõtte andmed (ärikliendi puhul), kuulutuste, broneeringute, lepingute ja maksete andmed ning sõnumid.',
    },
    purposes: {
      title: 'Milleks andmeid kasutame',
      p1: 'Konto pidamiseks, isikutuvastuseks Mobiil-ID või Smart-ID abil, rendilepingute sõlmimiseks ja täitmiseks, maksete vahendamiseks litsentseeritud makseasutuse kaudu ning makseviivituste kontrolliks avalikus registris.',
    },
    retention: {
      title: 'Säilitamine',
      p1: 'Andmeid säilitatakse kuni 2 aastat pärast konto lõpetamist, raamatupidamisdokumente 7 aastat ja lepingute andmeid 10 aastat.',
    },
    cookies: {
      title: 'Küpsised',
      p1: 'Seansiküpsised kehtivad kuni lehe sulgemiseni või 24 tundi pärast viimast tegevust; püsivate küpsiste andmeid hoitakse kuni 2 aastat.',
    },
    rights: {
      title: 'Sinu õigused',
      p1: 'Sul on õigus tutvuda oma andmetega, neid parandada, nõuda nende kustutamist (kui seadus ei nõua säilitamist) ning esitada kaebus Andmekaitse Inspektsioonile.',
    },
  },
  faqTitle: 'Korduma kippuvad küsimused',
  faq: {
    q1: { q: 'Kas toote lisamine maksab?', a: 'Ei. Toodete lisamine on tasuta, vahendustasu lisandub ainult rendilepingule.' },
    q2: {
      q: 'Miks pean oma isiku tuvastama?',
      a: 'Tuvastatud kasutajad teevad rendi turvaliseks. Eraklient tuvastab end ühe korra Mobiil-ID või Smart-ID abil.',
    },
    q3: { q: 'Kuidas ma maksan?', a: 'Pangalingi kaudu või oma konto jäägiga. Osa ärikliente väljastab arve pärast tagastamist.' },
    q4: {
      q: 'Kas broneeringut saab tühistada?',
      a: 'Jah. Üle 48 tunni enne algust saad tagasi 100%, 48–24 tundi 75%, 24–12 tundi 50% ja alla 12 tunni 0%.',
    },
    q5: { q: 'Mis saab, kui tagastan hiljem?', a: 'Hilinemise eest tuleb maksta kahekordset päeva- või tunnitasu.' },
    q6: { q: 'Millal saan raha kätte?', a: 'Väljamakse töötlemine võtab vähemalt kolm tööpäeva.' },
  },
  faqMore: 'Ei leidnud vastust? Jäta meile teade.',
  productsTitle: 'Tooted',
  productsIntro: 'Vali kategooria või loe lähemalt, mida meie kaudu rentida saab.',
  productsFoundAnswer: 'Leidsin vastuse',
  productsLeaveMessage: 'Jäta teade',
  productsQuickLinks: 'Kiirlingid',
  productsCategories: {
    heavyMachinery: {
      title: 'Rasketehnika',
      p1: 'Ekskavaatorid, laadurid, roomik- ja ratastehnika ning autokraanad ehitus- ja haljastustöödeks.',
      p2: 'Paljud rendileandjad pakuvad lisateenusena transporti ja operaatorit.',
    },
    vehicles: {
      title: 'Sõidukid',
      p1: 'Sõiduautod, kaubikud, mikrobussid, matkaautod, ATV-d ja mootorrattad lühemaks või pikemaks ajaks.',
      p2: 'Hind sõltub rendiperioodist: mida pikem rent, seda soodsam päevahind.',
    },
    saunas: {
      title: 'Saunad',
      p1: 'Saunahaagised ja kümblustünnid ratastel sünnipäevadeks, suvepäevadeks ja perepidudeks.',
      p2: 'Sauna toob kohale omanik või vead selle ise sobiva autoga.',
    },
    trailers: {
      title: 'Haagised',
      p1: 'Sõiduautohaagised, autoveo-, paadi- ja furgoonhaagised kolimiseks, ehituseks ja reisimiseks.',
      p2: 'Enne rentimist kontrolli, et su juhiloa kategooria ja auto haakeseade sobivad.',
    },
    tools: {
      title: 'Tööriistad',
      p1: 'Elektri- ja ehitustööriistad, generaatorid ja kompressorid, kui ostmine ei tasu ära.',
      p2: 'Tööriist antakse üle töökorras; puudusest teata kohe üleandmisel.',
    },
    cleaners: {
      title: 'Pesurid',
      p1: 'Tekstiili-, auru- ja survepesurid mööbli, vaipade, auto ja fassaadi puhastamiseks.',
      p2: 'Küsi rendileandjalt ka sobivat pesuainet lisateenusena.',
    },
  },
} as const satisfies TextCatalogue;
