import { Center, Modal, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';

/** Spec §9 QR defaults: 150 px, a quiet zone of 10 modules, black on white, error correction M. */
export function ShareDialog({ opened, onClose, url }: { opened: boolean; onClose: () => void; url: string }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Scan to Share This Game" centered>
      <Stack align="center" gap="sm">
        <Center bg="white" p="xs">
          <QRCodeSVG
            value={url}
            size={150}
            marginSize={10}
            bgColor="#ffffff"
            fgColor="#000000"
            level="M"
            title="QR code of this game's page"
          />
        </Center>
        <Text fz="sm" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
      </Stack>
    </Modal>
  );
}
