/**
 * The contract every geocoder adapter passes. An adapter's test file calls `describeGeocoderContract`
 * with a factory for the adapter.
 */
import { describe, expect, it } from 'vitest';
import type { Geocoder } from './port';

/** Gazetteers and services place a ZIP code at slightly different centres. */
const NEAR = 0.15;

export function describeGeocoderContract(adapterName: string, createGeocoder: () => Geocoder): void {
  describe(`geocoder contract: ${adapterName}`, () => {
    it.each([
      ['10001', 40.75, -73.997, 'New York', 'NY'],
      ['90210', 34.09, -118.41, 'Beverly Hills', 'CA'],
      // A leading zero must survive: ZIP codes are text, not numbers.
      ['02108', 42.357, -71.065, 'Boston', 'MA'],
    ])('finds %s', async (zip, latitude, longitude, city, state) => {
      const place = await createGeocoder().geocodeZip(zip);
      expect(place).not.toBeNull();
      expect(Math.abs(place!.latitude - latitude)).toBeLessThan(NEAR);
      expect(Math.abs(place!.longitude - longitude)).toBeLessThan(NEAR);
      expect(place!.city).toBe(city);
      expect(place!.state).toBe(state);
    });

    it('answers null for a ZIP code that does not exist', async () => {
      expect(await createGeocoder().geocodeZip('00000')).toBeNull();
    });

    it('answers null for text that is not a US ZIP code', async () => {
      const geocoder = createGeocoder();
      expect(await geocoder.geocodeZip('1234')).toBeNull();
      expect(await geocoder.geocodeZip('abcde')).toBeNull();
      // A Canadian postal code's first three characters.
      expect(await geocoder.geocodeZip('K1A')).toBeNull();
    });
  });
}
