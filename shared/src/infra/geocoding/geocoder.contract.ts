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

    it.each([
      ['10001', 'New York', 'NY', 40.75, -73.997],
      ['Brooklyn', 'Brooklyn', 'NY', 40.65, -73.95],
      // Manhattan: the gazetteer's New York has one ZIP code on the wrong side of the world.
      ['New York, NY', 'New York', 'NY', 40.76, -73.98],
      ['Austin, TX', 'Austin', 'TX', 30.27, -97.74],
      ['austin, texas', 'Austin', 'TX', 30.27, -97.74],
      ['Portland, OR', 'Portland', 'OR', 45.52, -122.68],
      ['Portland, ME', 'Portland', 'ME', 43.66, -70.26],
    ])('finds the place typed as %s', async (text, city, state, latitude, longitude) => {
      const place = await createGeocoder().geocodePlace(text);
      expect(place).toMatchObject({ city, state });
      // A city's centre differs between gazetteers far more than a ZIP code's.
      expect(Math.abs(place!.latitude - latitude)).toBeLessThan(0.5);
      expect(Math.abs(place!.longitude - longitude)).toBeLessThan(0.5);
    });

    it('answers null for a place that is not in the US', async () => {
      const geocoder = createGeocoder();
      expect(await geocoder.geocodePlace('Nowhereville, ZZ')).toBeNull();
      expect(await geocoder.geocodePlace('Qwxzv')).toBeNull();
    });
  });
}
