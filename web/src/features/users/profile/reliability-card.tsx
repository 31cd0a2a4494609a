import { Card, Group, Text } from '@mantine/core';
import {
  RELIABILITY_GAMES_COUNTED,
  RELIABILITY_MIN_GAMES,
  reliabilityLabel,
  type Reliability,
} from '@playtime/shared/contract/attendance-texts';
import { IconUserCheck } from '@tabler/icons-react';
import { IconTile } from '../../../components/icon-tile';

/**
 * Issue #44, the profile's own reliability: '96% · 41 games' over the latest marked games, what rosters
 * show once there are enough of them, and the no-shows that count towards a pause in joining.
 */
export function ReliabilityCard({ reliability }: { reliability: Reliability }) {
  const shownOnRosters = reliability.games >= RELIABILITY_MIN_GAMES;
  return (
    <Card padding="lg" data-testid="reliability-card">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconTile>
          <IconUserCheck size={24} aria-hidden />
        </IconTile>
        <div>
          <Text c="dimmed" fz="sm" fw={600}>
            Reliability
          </Text>
          <Text fz={28} fw={800} lh={1.2} data-testid="reliability-label">
            {reliabilityLabel(reliability)}
          </Text>
          <Text fz="sm" c="dimmed" mt={4}>
            {shownOnRosters
              ? `Over your last ${RELIABILITY_GAMES_COUNTED} marked games: present counts in full, late half. Organizers see it on rosters.`
              : `Rosters show it once ${RELIABILITY_MIN_GAMES} of your games are marked.`}
          </Text>
          {reliability.noShows > 0 && (
            <Text fz="sm" fw={600} mt={4} data-testid="recent-no-shows">
              {`Recent no-shows: ${reliability.noShows}`}
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}
