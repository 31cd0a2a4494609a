import { rooms } from '@playtime/shared/contract/rooms';
import { Container, Tabs, VisuallyHidden } from '@mantine/core';
import { IconBuildingStadium, IconCalendarTime, type TablerIcon } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { useLiveRoom } from '../../hooks/use-live-room';
import { AvailabilityManagement, type AvailabilitySelection } from '../../features/availability';
import { fieldKeys, FieldManagement, useOwnerFields } from '../../features/fields';
import { availabilityKeys } from '../../lib/availability-query-keys';
import { useCurrentUser } from '../../lib/current-user';

type OwnerTab = 'fields' | 'availability';

/** One of the page's two tabs: on phones they share one row, so without their icons and padding. */
function OwnerTabLabel({
  value,
  icon: Icon,
  small,
  children,
}: {
  value: OwnerTab;
  icon: TablerIcon;
  small: boolean;
  children: ReactNode;
}) {
  return (
    <Tabs.Tab value={value} px={small ? 'xs' : undefined} leftSection={small ? undefined : <Icon size={16} />}>
      {children}
    </Tabs.Tab>
  );
}

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
          <OwnerTabLabel value="fields" icon={IconBuildingStadium} small={small}>
            Field Management
          </OwnerTabLabel>
          <OwnerTabLabel value="availability" icon={IconCalendarTime} small={small}>
            Schedule Management
          </OwnerTabLabel>
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
