import type { Config } from '../config/config';
import { httpGeocoder } from './http-geocoder';
import { offlineGeocoder } from './offline-geocoder';
import type { Geocoder } from './port';

/** The HTTP geocoder when GEOCODER_URL is configured (with GEOCODER_KEY when the service needs one), the offline gazetteer otherwise. */
export function createGeocoder(config: Pick<Config, 'GEOCODER_URL' | 'GEOCODER_KEY'>): Geocoder {
  if (config.GEOCODER_URL) return httpGeocoder({ url: config.GEOCODER_URL, key: config.GEOCODER_KEY });
  return offlineGeocoder();
}
