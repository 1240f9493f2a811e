// Countries the dataset places organizations and people in, with cities, phone prefixes and web TLDs.

export interface Country {
  index: number;
  code: string;
  name: string;
  /** Share of organizations headquartered here. */
  weight: number;
  cities: readonly string[];
  phonePrefix: string;
  tld: string;
}

type Row = [code: string, name: string, weight: number, phonePrefix: string, tld: string, cities: string[]];

const ROWS: readonly Row[] = [
  [
    "US",
    "United States",
    40,
    "+1",
    ".com",
    [
      "San Francisco, California",
      "New York, New York",
      "Austin, Texas",
      "Seattle, Washington",
      "Boston, Massachusetts",
      "Chicago, Illinois",
      "Denver, Colorado",
      "Atlanta, Georgia",
      "Los Angeles, California",
      "Raleigh, North Carolina",
      "Minneapolis, Minnesota",
      "Miami, Florida",
    ],
  ],
  ["GB", "United Kingdom", 8, "+44", ".co.uk", ["London", "Manchester", "Edinburgh", "Bristol", "Cambridge"]],
  ["DE", "Germany", 6, "+49", ".de", ["Berlin", "Munich", "Hamburg", "Frankfurt"]],
  ["IN", "India", 5, "+91", ".in", ["Bengaluru", "Mumbai", "Hyderabad", "Pune", "New Delhi"]],
  ["FR", "France", 4, "+33", ".fr", ["Paris", "Lyon", "Toulouse"]],
  ["CA", "Canada", 4, "+1", ".ca", ["Toronto", "Vancouver", "Montreal"]],
  ["NL", "Netherlands", 2.5, "+31", ".nl", ["Amsterdam", "Rotterdam", "Utrecht"]],
  ["AU", "Australia", 2.5, "+61", ".com.au", ["Sydney", "Melbourne", "Brisbane"]],
  ["ES", "Spain", 2, "+34", ".es", ["Madrid", "Barcelona", "Valencia"]],
  ["IT", "Italy", 2, "+39", ".it", ["Milan", "Rome", "Turin"]],
  ["JP", "Japan", 2, "+81", ".jp", ["Tokyo", "Osaka"]],
  ["BR", "Brazil", 2, "+55", ".com.br", ["São Paulo", "Rio de Janeiro"]],
  ["IL", "Israel", 1.5, "+972", ".co.il", ["Tel Aviv", "Haifa"]],
  ["SE", "Sweden", 1.5, "+46", ".se", ["Stockholm", "Gothenburg"]],
  ["CH", "Switzerland", 1.2, "+41", ".ch", ["Zurich", "Geneva", "Basel"]],
  ["SG", "Singapore", 1.2, "+65", ".sg", ["Singapore"]],
  ["IE", "Ireland", 1, "+353", ".ie", ["Dublin", "Cork"]],
  ["PL", "Poland", 1, "+48", ".pl", ["Warsaw", "Kraków", "Wrocław"]],
  ["MX", "Mexico", 1, "+52", ".mx", ["Mexico City", "Monterrey", "Guadalajara"]],
  ["KR", "South Korea", 1, "+82", ".kr", ["Seoul", "Busan"]],
  ["DK", "Denmark", 0.8, "+45", ".dk", ["Copenhagen", "Aarhus"]],
  ["AE", "United Arab Emirates", 0.8, "+971", ".ae", ["Dubai", "Abu Dhabi"]],
  ["ZA", "South Africa", 0.8, "+27", ".co.za", ["Cape Town", "Johannesburg"]],
  ["FI", "Finland", 0.6, "+358", ".fi", ["Helsinki", "Espoo"]],
  ["NO", "Norway", 0.6, "+47", ".no", ["Oslo", "Bergen"]],
];

export const COUNTRIES: readonly Country[] = ROWS.map(
  ([code, name, weight, phonePrefix, tld, cities], index) => ({
    index,
    code,
    name,
    weight,
    phonePrefix,
    tld,
    cities,
  }),
);

const countryByKey = new Map<string, Country>();
for (const country of COUNTRIES) {
  countryByKey.set(country.code.toLowerCase(), country);
  countryByKey.set(country.name.toLowerCase(), country);
}
countryByKey.set("usa", COUNTRIES[0]!);
countryByKey.set("uk", COUNTRIES[1]!);

/** A country by ISO code or English name (case-insensitive). */
export function findCountry(key: string): Country | undefined {
  return countryByKey.get(key.trim().toLowerCase());
}

const labels = new Map<string, string>();

/** "City, Country" as people and job posts show locations (memoized: records repeat a few labels). */
export function locationLabel(country: Country, city: string): string {
  const key = `${country.index}|${city}`;
  let label = labels.get(key);
  if (label === undefined) {
    label = `${city}, ${country.name}`;
    labels.set(key, label);
  }
  return label;
}
