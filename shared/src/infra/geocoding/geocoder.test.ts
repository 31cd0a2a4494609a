import { describe, expect, it } from 'vitest';
import { createGeocoder } from './geocoder';
import { describeGeocoderContract } from './geocoder.contract';
import { httpGeocoder } from './http-geocoder';
import { offlineGeocoder } from './offline-geocoder';
import { GeocoderUnavailableError } from './port';

describeGeocoderContract('offline gazetteer', offlineGeocoder);

const geocoderUrl = process.env.GEOCODER_URL;

// Runs against a real service when one is configured, e.g. GEOCODER_URL=https://maps.googleapis.com/maps/api/geocode/json GEOCODER_KEY=...
describe.runIf(geocoderUrl !== undefined && geocoderUrl !== '')('HTTP geocoding service', () => {
  describeGeocoderContract('HTTP', () => httpGeocoder({ url: geocoderUrl!, key: process.env.GEOCODER_KEY }));
});

/** A fake service answering one canned body, remembering what it was asked. */
function fakeService(status: number, body: unknown) {
  const asked: URL[] = [];
  const fetchFake = (async (input: string | URL | Request) => {
    asked.push(new URL(String(input)));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { asked, fetch: fetchFake };
}

describe('HTTP geocoder, reading the answer', () => {
  const newYork = {
    status: 'OK',
    results: [
      {
        geometry: { location: { lat: 40.7484, lng: -73.9967 } },
        address_components: [
          { long_name: '10001', short_name: '10001', types: ['postal_code'] },
          {
            long_name: 'Manhattan',
            short_name: 'Manhattan',
            types: ['sublocality_level_1', 'sublocality', 'political'],
          },
          { long_name: 'New York', short_name: 'New York', types: ['locality', 'political'] },
          { long_name: 'New York', short_name: 'NY', types: ['administrative_area_level_1', 'political'] },
        ],
      },
    ],
  };

  it('asks for the ZIP code as a US postal code with the key, and reads the first result', async () => {
    const service = fakeService(200, newYork);
    const place = await httpGeocoder({ url: 'https://geo.example/json', key: 'k-1', fetch: service.fetch }).geocodeZip(
      '10001',
    );
    expect(place).toEqual({ latitude: 40.7484, longitude: -73.9967, city: 'New York', state: 'NY' });
    expect(service.asked[0]!.searchParams.get('components')).toBe('postal_code:10001|country:US');
    expect(service.asked[0]!.searchParams.get('key')).toBe('k-1');
  });

  it('asks for a typed place as a US address, and for a typed ZIP code as a postal code', async () => {
    const service = fakeService(200, newYork);
    const geocoder = httpGeocoder({ url: 'https://geo.example/json', key: 'k-1', fetch: service.fetch });
    expect(await geocoder.geocodePlace(' New York, NY ')).toEqual({
      latitude: 40.7484,
      longitude: -73.9967,
      city: 'New York',
      state: 'NY',
    });
    expect(service.asked[0]!.searchParams.get('address')).toBe('New York, NY');
    expect(service.asked[0]!.searchParams.get('components')).toBe('country:US');
    await geocoder.geocodePlace('10001');
    expect(service.asked[1]!.searchParams.get('components')).toBe('postal_code:10001|country:US');
    expect(await geocoder.geocodePlace('  ')).toBeNull();
    expect(service.asked).toHaveLength(2);
  });

  it('answers null for ZERO_RESULTS, and never asks about text that is not a ZIP code', async () => {
    const service = fakeService(200, { status: 'ZERO_RESULTS', results: [] });
    const geocoder = httpGeocoder({ url: 'https://geo.example/json', key: 'k', fetch: service.fetch });
    expect(await geocoder.geocodeZip('00000')).toBeNull();
    expect(await geocoder.geocodeZip('12')).toBeNull();
    expect(service.asked).toHaveLength(1);
  });

  it('says the service is unavailable when it refuses, fails or cannot be reached', async () => {
    const refused = httpGeocoder({
      url: 'https://geo.example/json',
      key: 'bad',
      fetch: fakeService(200, { status: 'REQUEST_DENIED', error_message: 'bad key' }).fetch,
    });
    await expect(refused.geocodeZip('10001')).rejects.toBeInstanceOf(GeocoderUnavailableError);
    const failing = httpGeocoder({ url: 'https://geo.example/json', key: 'k', fetch: fakeService(500, {}).fetch });
    await expect(failing.geocodeZip('10001')).rejects.toBeInstanceOf(GeocoderUnavailableError);
    const unreachable = httpGeocoder({ url: 'http://127.0.0.1:9/json', key: 'k', timeoutMs: 2000 });
    await expect(unreachable.geocodeZip('10001')).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });
});

describe('choosing the geocoder', () => {
  it('uses the offline gazetteer unless GEOCODER_URL is configured', async () => {
    expect(
      await createGeocoder({ GEOCODER_URL: undefined, GEOCODER_KEY: undefined }).geocodeZip('10001'),
    ).toMatchObject({ city: 'New York' });
    const configured = createGeocoder({ GEOCODER_URL: 'http://127.0.0.1:9/json', GEOCODER_KEY: 'k' });
    await expect(configured.geocodeZip('10001')).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });
});
