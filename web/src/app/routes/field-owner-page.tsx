import { rooms } from '@playtime/shared/contract/rooms';
import { Container, Tabs, VisuallyHidden } from '@mantine/core';
import { IconBuildingStadium, IconCalendarTime } from '@tabler/icons-react';
import { useState } from 'react';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { useLiveRoom } from '../../hooks/use-live-room';
import { AvailabilityManagement, type AvailabilitySelection } from '../../features/availability';
import { fieldKeys, FieldManagement, useOwnerFields } from '../../features/fields';
import { availabilityKeys } from '../../lib/availability-query-keys';
import { useCurrentUser } from '../../lib/current-user';

type OwnerTab = 'fields' | 'availability';

/** /FieldOwner: Field Management and Schedule Management, two tabs switched in place. */
export function FieldOwnerPage() {
  const [tab, setTab] = useState<OwnerTab>('fields');
  const [selection, setSelection] = useState<AvailabilitySelection>({});
  const { data: user } = useCurrentUser();
  const fields = useOwnerFields();
  // On phones the two tabs share one row: no icons, equal widths.
  const small = useSmallScreen();

  // The owner's other browsers (and an admin's) see every field change live; an admin watching all
  // fields follows the admin room.
  const liveKeys = [fieldKeys.all, availabilityKeys.all];
  useLiveRoom(user ? rooms.owner(user.userId) : null, liveKeys);
  useLiveRoom(user?.role === 'admin' ? 'admin' : null, liveKeys);

  return (
    <Container size="xl" px={{ base: 0, sm: 'md' }}>
      {/* The page's own heading for screen readers: the tabs name its two parts. */}
      <VisuallyHidden component="h1">Field owner area</VisuallyHidden>
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'availability' ? 'availability' : 'fields')}
        keepMounted={false}
      >
        <Tabs.List mb="lg" grow={small}>
          <Tabs.Tab
            value="fields"
            px={small ? 'xs' : undefined}
            leftSection={small ? undefined : <IconBuildingStadium size={16} />}
          >
            Field Management
          </Tabs.Tab>
          <Tabs.Tab
            value="availability"
            px={small ? 'xs' : undefined}
            leftSection={small ? undefined : <IconCalendarTime size={16} />}
          >
            Schedule Management
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="fields">
          <FieldManagement />
        </Tabs.Panel>
        <Tabs.Panel value="availability">
          <AvailabilityManagement fields={fields.data} selection={selection} onSelectionChange={setSelection} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
