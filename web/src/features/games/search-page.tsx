import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  NativeSelect,
  Slider,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  GEOLOCATION_UNSUPPORTED,
  LOCATION_ERROR,
  MILES_TO_KM,
  NO_GAMES_FOUND,
  SEARCH_MAX_MILES,
  SEARCH_MILES_STEP,
  SEARCH_MIN_MILES,
} from '@playtime/shared/contract/game-search';
import { IconCurrentLocation, IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { PageTitle } from '../../components/page-title';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { errorMessage } from '../../lib/notify';
import { useGameSearch, useGeocode } from './api/play';
import { sortSearchResults, type SearchSort } from './play/game-summaries';
import { Loading } from '../../components/loading';

/**
 * The results' cards (with their dates, badges and pictures' code, about 10 KB gzipped) load once a
 * search starts, beside its request: the page as it opens shows only the form. Asked for at the first
 * place typed or located.
 */
const loadSearchResults = () => import('./play/search-results');
const SearchResults = lazy(() => loadSearchResults().then((module) => ({ default: module.SearchResults })));
const preloadSearchResults = () => void loadSearchResults().catch(() => undefined);

const LOCATION_DEBOUNCE_MS = 500;
const DISTANCE_MARK_MILES = [10, 25, 50, 75, 100];
const DISTANCE_MARKS = DISTANCE_MARK_MILES.map((value) => ({ value, label: `${value} mi` }));
/** On a phone '10 mi' and '25 mi' run into each other; the label above the slider already says miles. */
const DISTANCE_MARKS_SMALL = DISTANCE_MARK_MILES.map((value) => ({ value, label: String(value) }));
const SORTS: { value: SearchSort; label: string }[] = [
  { value: 'date', label: 'Date' },
  { value: 'price', label: 'Price' },
  { value: 'players', label: 'Players' },
];

interface Place {
  latitude: number;
  longitude: number;
}

/** Spec §2 Search: games near a place (the browser's or a typed ZIP code / US city) within a distance. */
export function SearchPage() {
  const smallScreen = useSmallScreen();
  const [miles, setMiles] = useState(SEARCH_MIN_MILES);
  const [debouncedMiles] = useDebouncedValue(miles, 300);
  const [text, setText] = useState('');
  const [debouncedText] = useDebouncedValue(text.trim(), LOCATION_DEBOUNCE_MS);
  const [browserPlace, setBrowserPlace] = useState<Place | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const [sort, setSort] = useState<SearchSort>('date');

  const geocoded = useGeocode(debouncedText);
  // A typed place wins over the browser's position; clearing the box goes back to it.
  const place: Place | null = debouncedText ? (geocoded.data ?? null) : browserPlace;
  const search = useGameSearch(place, Math.round(debouncedMiles * MILES_TO_KM * 1000) / 1000);
  const games = useMemo(() => sortSearchResults(search.data ?? [], sort), [search.data, sort]);

  const useMyLocation = () => {
    setLocationError(null);
    preloadSearchResults();
    if (!('geolocation' in navigator)) {
      setLocationError(GEOLOCATION_UNSUPPORTED);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setText('');
        setBrowserPlace({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      () => {
        setLocating(false);
        setLocationError(LOCATION_ERROR);
      },
    );
  };

  const message = locationError ?? (debouncedText && geocoded.isError ? errorMessage(geocoded.error) : null);

  return (
    <Container size="lg">
      <PageTitle title="Search Games" />
      <Card padding="lg">
        <Stack gap="lg">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Location"
              placeholder="ZIP code or city, e.g. 10001 or Austin, TX"
              leftSection={<IconMapPin size={18} />}
              value={text}
              onChange={(event) => {
                preloadSearchResults();
                setText(event.currentTarget.value);
              }}
              style={{ flex: '1 1 240px' }}
              rightSection={debouncedText && geocoded.isFetching ? <Loader size="xs" /> : null}
            />
            <Button
              variant="light"
              leftSection={<IconCurrentLocation size={18} />}
              onClick={useMyLocation}
              loading={locating}
            >
              Use my location
            </Button>
            {/* The browser's own list: a phone shows its native picker, and no popover code is downloaded. */}
            <NativeSelect
              label="Sort by"
              data={SORTS}
              value={sort}
              onChange={(event) => setSort(event.currentTarget.value as SearchSort)}
              w={140}
            />
          </Group>
          <div>
            <Text fz="sm" fw={500} mb={4}>
              Distance: {miles} miles
            </Text>
            <Slider
              thumbLabel="Distance in miles"
              min={SEARCH_MIN_MILES}
              max={SEARCH_MAX_MILES}
              step={SEARCH_MILES_STEP}
              value={miles}
              onChange={setMiles}
              marks={smallScreen ? DISTANCE_MARKS_SMALL : DISTANCE_MARKS}
              label={(value) => `${value} mi`}
              mb="lg"
            />
          </div>
          {message && (
            <Alert color="red" variant="light">
              {message}
            </Alert>
          )}
        </Stack>
      </Card>

      <Stack mt="xl" gap="md">
        {place === null ? (
          <Text c="dimmed" ta="center">
            Type a ZIP code or a city, or use your location, to find games near you.
          </Text>
        ) : search.isPending ? (
          <Loading label="Searching for games" py="xl" />
        ) : search.isError ? (
          <Alert color="red">{errorMessage(search.error)}</Alert>
        ) : games.length === 0 ? (
          <Text c="dimmed" ta="center">
            {NO_GAMES_FOUND}
          </Text>
        ) : (
          <Suspense fallback={<Loading label="Searching for games" py="xl" />}>
            <SearchResults games={games} />
          </Suspense>
        )}
      </Stack>
    </Container>
  );
}
