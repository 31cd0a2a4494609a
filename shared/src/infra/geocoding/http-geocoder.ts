import { GeocoderUnavailableError, type GeocodedZip, type Geocoder } from './port';

export interface HttpGeocoderOptions {
  /** The service's JSON geocoding endpoint, e.g. https://maps.googleapis.com/maps/api/geocode/json */
  url: string;
  /** Sent as `key` when given. */
  key?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The parts of a Google-Geocoding-shaped answer this adapter reads. */
interface GeocodingAnswer {
  status?: string;
  error_message?: string;
  results?: {
    geometry?: { location?: { lat?: number; lng?: number } };
    address_components?: { long_name?: string; short_name?: string; types?: string[] }[];
  }[];
}

/** Where a city's name sits in the address components, most specific first (New York's boroughs have no locality). */
const CITY_TYPES = ['locality', 'postal_town', 'sublocality', 'administrative_area_level_3', 'neighborhood'];

/**
 * A geocoding service over HTTP that speaks the Google Geocoding API's request and answer: a GET with the
 * ZIP as a component filter and the key, answering `{ status, results: [{ geometry.location, address_components }] }`.
 * The first result is used (spec §7). ZERO_RESULTS means the ZIP does not exist; any other failure means the
 * service cannot tell right now.
 */
export function httpGeocoder(options: HttpGeocoderOptions): Geocoder {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  /** Sends one question (its query parameters) and reads the first result; ZERO_RESULTS is null. */
  async function ask(parameters: Record<string, string>): Promise<GeocodedZip | null> {
    const url = new URL(options.url);
    for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
    if (options.key) url.searchParams.set('key', options.key);
    let answer: GeocodingAnswer;
    try {
      const response = await send(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      answer = (await response.json()) as GeocodingAnswer;
    } catch (error) {
      throw new GeocoderUnavailableError(`The geocoding service did not answer: ${(error as Error).message}`);
    }
    if (answer.status === 'ZERO_RESULTS') return null;
    if (answer.status !== 'OK')
      throw new GeocoderUnavailableError(
        `The geocoding service refused: ${answer.status ?? 'no status'} ${answer.error_message ?? ''}`.trim(),
      );
    return placeOf(answer.results?.[0]);
  }

  return {
    geocodeZip(zip) {
      if (!/^\d{5}$/.test(zip)) return Promise.resolve(null);
      return ask({ components: `postal_code:${zip}|country:US` });
    },
    geocodePlace(text) {
      const typed = text.trim();
      if (/^\d{5}$/.test(typed)) return ask({ components: `postal_code:${typed}|country:US` });
      if (typed === '') return Promise.resolve(null);
      return ask({ address: typed, components: 'country:US' });
    },
  };
}

function placeOf(result: NonNullable<GeocodingAnswer['results']>[number] | undefined): GeocodedZip | null {
  const lat = result?.geometry?.location?.lat;
  const lng = result?.geometry?.location?.lng;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  const components = result?.address_components ?? [];
  const ofType = (type: string) => components.find((component) => component.types?.includes(type));
  const city = CITY_TYPES.map(ofType).find((component) => component !== undefined);
  const state = ofType('administrative_area_level_1');
  return { latitude: lat, longitude: lng, city: city?.long_name ?? '', state: state?.short_name ?? '' };
}
