/**
 * The geocoder port: where a US ZIP code is. Adapters: the offline gazetteer (default, no network) and an
 * HTTP geocoding service (when GEOCODER_URL is configured). Both pass `geocoder.contract.ts`.
 */
export interface GeocodedZip {
  latitude: number;
  longitude: number;
  city: string;
  /** Two-letter state code, e.g. 'NY'. */
  state: string;
}

export interface Geocoder {
  /** Null when the ZIP code does not exist (as far as the adapter knows); throws GeocoderUnavailableError when it cannot tell. */
  geocodeZip(zip: string): Promise<GeocodedZip | null>;
  /**
   * What a person types into the search's location box: a 5-digit ZIP code, or a US city with or without
   * its state ('Brooklyn', 'Austin, TX', 'Portland, Oregon'). Null when nothing matches.
   */
  geocodePlace(text: string): Promise<GeocodedZip | null>;
}

/** The geocoding service could not answer: the caller should try again later, not tell the user the ZIP is wrong. */
export class GeocoderUnavailableError extends Error {
  override readonly name = 'GeocoderUnavailableError';
}
