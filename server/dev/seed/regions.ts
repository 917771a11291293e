/** Branches of each tenant with the places their customers live in, and phone area codes. */

export interface Place {
  zip: string;
  city: string;
  area: string;
}

export interface BranchSeed {
  name: string;
  code: string;
  street: string;
  zip: string;
  city: string;
  country: 'AT' | 'DE';
  phone: string;
  region: string;
  locationGroup: string;
  places: Place[];
}

const at = (zip: string, city: string, area: string): Place => ({ zip, city, area });

export const BRANCHES: Record<'strussnig' | 'rekord', BranchSeed[]> = {
  strussnig: [
    {
      name: 'Klagenfurt',
      code: 'KLU',
      street: 'Südring 210',
      zip: '9020',
      city: 'Klagenfurt am Wörthersee',
      country: 'AT',
      phone: '+43 463 31 20 0',
      region: 'Kärnten',
      locationGroup: 'APP_STANDORT_S_KLAGENFURT',
      places: [
        at('9020', 'Klagenfurt am Wörthersee', '463'),
        at('9073', 'Viktring', '463'),
        at('9300', 'St. Veit an der Glan', '4212'),
        at('9100', 'Völkermarkt', '4232'),
        at('9400', 'Wolfsberg', '4352'),
        at('9560', 'Feldkirchen in Kärnten', '4276'),
      ],
    },
    {
      name: 'Villach',
      code: 'VIL',
      street: 'Italiener Straße 41',
      zip: '9500',
      city: 'Villach',
      country: 'AT',
      phone: '+43 4242 27 15 0',
      region: 'Kärnten',
      locationGroup: 'APP_STANDORT_S_VILLACH',
      places: [
        at('9500', 'Villach', '4242'),
        at('9220', 'Velden am Wörther See', '4274'),
        at('9800', 'Spittal an der Drau', '4762'),
        at('9620', 'Hermagor', '4282'),
        at('9580', 'Drobollach am Faaker See', '4254'),
      ],
    },
    {
      name: 'Wien',
      code: 'WIE',
      street: 'Triester Straße 14',
      zip: '1100',
      city: 'Wien',
      country: 'AT',
      phone: '+43 1 604 22 11',
      region: 'Wien/Niederösterreich',
      locationGroup: 'APP_STANDORT_S_WIEN',
      places: [
        at('1100', 'Wien', '1'),
        at('1130', 'Wien', '1'),
        at('1190', 'Wien', '1'),
        at('1220', 'Wien', '1'),
        at('2340', 'Mödling', '2236'),
        at('2500', 'Baden', '2252'),
        at('3100', 'St. Pölten', '2742'),
      ],
    },
    {
      name: 'Graz',
      code: 'GRZ',
      street: 'Weblinger Gürtel 25',
      zip: '8054',
      city: 'Graz',
      country: 'AT',
      phone: '+43 316 28 11 40',
      region: 'Steiermark',
      locationGroup: 'APP_STANDORT_S_GRAZ',
      places: [
        at('8010', 'Graz', '316'),
        at('8054', 'Graz', '316'),
        at('8700', 'Leoben', '3842'),
        at('8280', 'Fürstenfeld', '3382'),
        at('8530', 'Deutschlandsberg', '3462'),
      ],
    },
  ],
  rekord: [
    {
      name: 'München',
      code: 'MUC',
      street: 'Landsberger Straße 302',
      zip: '80687',
      city: 'München',
      country: 'DE',
      phone: '+49 89 54 61 20 0',
      region: 'Oberbayern',
      locationGroup: 'APP_STANDORT_R_MUENCHEN',
      places: [
        at('80687', 'München', '89'),
        at('81541', 'München', '89'),
        at('85221', 'Dachau', '8131'),
        at('82110', 'Germering', '89'),
        at('85354', 'Freising', '8161'),
      ],
    },
    {
      name: 'Nürnberg',
      code: 'NUE',
      street: 'Frankenstraße 150',
      zip: '90461',
      city: 'Nürnberg',
      country: 'DE',
      phone: '+49 911 44 72 0',
      region: 'Mittelfranken',
      locationGroup: 'APP_STANDORT_R_NUERNBERG',
      places: [
        at('90461', 'Nürnberg', '911'),
        at('90762', 'Fürth', '911'),
        at('91052', 'Erlangen', '9131'),
        at('91126', 'Schwabach', '9122'),
      ],
    },
    {
      name: 'Augsburg',
      code: 'AUG',
      street: 'Haunstetter Straße 112',
      zip: '86161',
      city: 'Augsburg',
      country: 'DE',
      phone: '+49 821 56 90 10',
      region: 'Schwaben',
      locationGroup: 'APP_STANDORT_R_AUGSBURG',
      places: [
        at('86150', 'Augsburg', '821'),
        at('86368', 'Gersthofen', '821'),
        at('86399', 'Bobingen', '8234'),
        at('86899', 'Landsberg am Lech', '8191'),
      ],
    },
  ],
};

export const MOBILE_PREFIXES = {
  AT: ['650', '660', '664', '676', '680', '699'],
  DE: ['151', '160', '170', '171', '176'],
};
export const MAIL_DOMAINS = {
  AT: ['gmx.at', 'aon.at', 'a1.net', 'chello.at', 'gmail.com', 'outlook.com'],
  DE: ['gmx.de', 'web.de', 't-online.de', 'gmail.com', 'outlook.de'],
};
