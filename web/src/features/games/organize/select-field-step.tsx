import { Accordion, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin, IconSearch, IconSoccerField } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useVenueSearch, VENUE_SEARCH_MIN_LENGTH, type VenueResult } from '../api/organize';
import { useWizard } from './wizard-store';
import { LoadFailed } from '../../../components/load-failed';
import { Loading } from '../../../components/loading';

/** Spec §5/§9: the search runs 300 ms after typing stops, once the text is longer than 2 characters. */
export const VENUE_SEARCH_DEBOUNCE_MS = 300;

/** Step 0: find a venue by name and pick one of its sub-fields. */
export function SelectFieldStep() {
  const { dispatch } = useWizard();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), VENUE_SEARCH_DEBOUNCE_MS);
  const searching = debounced.length >= VENUE_SEARCH_MIN_LENGTH;
  const venues = useVenueSearch(searching ? debounced : '');

  const choose = (venue: VenueResult, subField: VenueResult['subFields'][number]) => {
    const { subFields: _subFields, ...field } = venue;
    dispatch({ type: 'chooseSubField', field, subField });
    void navigate('/organize/select-time');
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Venue name"
        placeholder="Search venues by name"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        description={`Type at least ${VENUE_SEARCH_MIN_LENGTH} characters`}
        data-autofocus
      />
      {searching && venues.isFetching && !venues.data && <Loading label="Searching venues" />}
      {searching && <LoadFailed query={venues} title="The venues could not be loaded" />}
      {searching && venues.data?.length === 0 && <Text c="dimmed">No results</Text>}
      {searching && venues.data && venues.data.length > 0 && (
        <Accordion variant="separated" chevronPosition="right">
          {venues.data.map((venue) => (
            <Accordion.Item key={venue.fieldId} value={venue.fieldId}>
              <Accordion.Control>
                <Text fw={600} truncate="end">
                  {venue.fieldName}
                </Text>
                <Group gap={4} c="dimmed" wrap="nowrap">
                  <IconMapPin size={14} style={{ flexShrink: 0 }} />
                  <Text fz="sm" truncate="end">
                    {[venue.address, venue.city, venue.zipCode].filter(Boolean).join(', ')}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {venue.subFields.length === 0 ? (
                  <Text c="dimmed" fz="sm">
                    This venue has no sub-fields yet.
                  </Text>
                ) : (
                  <Stack gap="xs">
                    {venue.subFields.map((subField) => (
                      <Button
                        key={subField.subFieldId}
                        variant="light"
                        justify="flex-start"
                        leftSection={<IconSoccerField size={16} />}
                        onClick={() => choose(venue, subField)}
                        fullWidth
                      >
                        {subField.name}
                      </Button>
                    ))}
                  </Stack>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
