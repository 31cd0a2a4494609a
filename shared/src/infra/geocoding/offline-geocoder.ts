import zipcodes from 'zipcodes';
import type { GeocodedZip, Geocoder } from './port';

const FIVE_DIGITS = /^\d{5}$/;

interface CityPlace extends GeocodedZip {
  /** How many ZIP codes the city has: a name without a state means the city that has the most. */
  zipCount: number;
}

/** A city name as people type it: case, dots and runs of spaces do not matter ('St. Louis' is 'st louis'). */
const cityKey = (city: string) => city.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();

/** The middle value: one mistyped ZIP code (the gazetteer has one New York ZIP at longitude +73.95) cannot move it. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The gazetteer's US places by city name, built once on first use: for each city and state the middle
 * of its ZIP codes; for a city name alone, its biggest namesake (Austin, TX rather than Austin, MN).
 */
function buildCityIndex() {
  const byCityAndState = new Map<string, { latitudes: number[]; longitudes: number[]; city: string; state: string }>();
  for (const place of Object.values(zipcodes.codes)) {
    if (place.country !== 'US') continue;
    const key = `${cityKey(place.city)}|${place.state}`;
    const entry = byCityAndState.get(key) ?? { latitudes: [], longitudes: [], city: place.city, state: place.state };
    entry.latitudes.push(place.latitude);
    entry.longitudes.push(place.longitude);
    byCityAndState.set(key, entry);
  }
  const places = new Map<string, CityPlace>();
  const biggestByCity = new Map<string, CityPlace>();
  for (const [key, entry] of byCityAndState) {
    const place: CityPlace = {
      latitude: median(entry.latitudes),
      longitude: median(entry.longitudes),
      city: entry.city,
      state: entry.state,
      zipCount: entry.latitudes.length,
    };
    places.set(key, place);
    const city = key.split('|')[0]!;
    const biggest = biggestByCity.get(city);
    if (!biggest || biggest.zipCount < place.zipCount) biggestByCity.set(city, place);
  }
  return { places, biggestByCity };
}

let cityIndex: ReturnType<typeof buildCityIndex> | null = null;

/** 'TX', 'tx' or 'Texas' to 'TX'; null when it is not a US state. */
function stateCode(text: string): string | null {
  const normalized = zipcodes.states.normalize(text.trim().toUpperCase());
  return zipcodes.states.abbr[normalized] !== undefined ? normalized : null;
}

/** The standalone default: the US ZIP gazetteer of the `zipcodes` package, in memory, no network. */
export function offlineGeocoder(): Geocoder {
  const geocodeZip = (zip: string): GeocodedZip | null => {
    // The package also looks up Canadian postal codes; this product's ZIP codes are US ones.
    const place = FIVE_DIGITS.test(zip) ? zipcodes.lookup(zip) : undefined;
    if (!place || place.country !== 'US') return null;
    return { latitude: place.latitude, longitude: place.longitude, city: place.city, state: place.state };
  };
  return {
    geocodeZip: (zip) => Promise.resolve(geocodeZip(zip)),
    geocodePlace(text) {
      const typed = text.trim();
      if (FIVE_DIGITS.test(typed)) return Promise.resolve(geocodeZip(typed));
      cityIndex ??= buildCityIndex();
      const [cityPart = '', statePart, ...rest] = typed.split(',');
      if (rest.length > 0) return Promise.resolve(null);
      let found: CityPlace | undefined;
      if (statePart !== undefined && statePart.trim() !== '') {
        const state = stateCode(statePart);
        found = state ? cityIndex.places.get(`${cityKey(cityPart)}|${state}`) : undefined;
      } else {
        found = cityIndex.biggestByCity.get(cityKey(cityPart));
      }
      if (!found) return Promise.resolve(null);
      const { zipCount: _count, ...place } = found;
      return Promise.resolve(place);
    },
  };
}
