import { Alert, Avatar, Button, Center, Group, Loader, Modal, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useFocusReturnOnUnmount } from '../../hooks/use-focus-return-on-unmount';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { errorMessage } from '../../lib/notify';
import { useOwnerGameDetails } from './api/availability';
import { NOT_PROVIDED, gameDetailsView } from './game-details';

/**
 * The read-only Game Details dialog of a clicked 'Game' tile (GET /api/owner-get-game-data). Mounted
 * only while open, so each opening asks the server again (a failed answer is not kept).
 */
export function GameDetailsDialog({ gameId, onClose }: { gameId: string | undefined; onClose: () => void }) {
  return gameId === undefined ? null : <GameDetailsModal gameId={gameId} onClose={onClose} />;
}

function GameDetailsModal({ gameId, onClose }: { gameId: string; onClose: () => void }) {
  const small = useSmallScreen();
  useFocusReturnOnUnmount();
  const details = useOwnerGameDetails(gameId);
  const view = details.data ? gameDetailsView(details.data) : undefined;

  return (
    <Modal opened onClose={onClose} title={view?.title ?? 'Game Details'} centered fullScreen={small}>
      {details.isPending ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : view ? (
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>Location</Table.Th>
              <Table.Td>{view.location}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Price</Table.Th>
              <Table.Td>{view.price}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Max Players</Table.Th>
              <Table.Td>{view.maxPlayers}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Player Count</Table.Th>
              <Table.Td>{view.playerCount}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Organizer Email</Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{view.organizerEmail}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Organizer Picture</Table.Th>
              <Table.Td>
                {view.organizerPicture ? (
                  <Avatar src={view.organizerPicture} alt="Organizer picture" radius="xl" />
                ) : (
                  NOT_PROVIDED
                )}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      ) : (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          <Text fz="sm">{errorMessage(details.error)}</Text>
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
