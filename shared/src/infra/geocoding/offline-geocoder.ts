import zipcodes from 'zipcodes';
import type { Geocoder } from './port';

const FIVE_DIGITS = /^\d{5}$/;

/** The standalone default: the US ZIP gazetteer of the `zipcodes` package, in memory, no network. */
export function offlineGeocoder(): Geocoder {
  return {
    geocodeZip(zip) {
      // The package also looks up Canadian postal codes; this product's ZIP codes are US ones.
      const place = FIVE_DIGITS.test(zip) ? zipcodes.lookup(zip) : undefined;
      if (!place || place.country !== 'US') return Promise.resolve(null);
      return Promise.resolve({ latitude: place.latitude, longitude: place.longitude, city: place.city, state: place.state });
    },
  };
}
