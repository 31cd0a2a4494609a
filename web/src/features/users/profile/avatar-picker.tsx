import { Avatar, Divider, Modal, Radio, SimpleGrid, Stack } from '@mantine/core';
import { PICTURE_UPLOAD_HINT } from '@playtime/shared/contract/pictures';
import { BUILT_IN_AVATARS } from '@playtime/shared/domain/pictures/addresses';
import { PictureUpload } from '../../../components/picture-upload';

interface AvatarPickerProps {
  opened: boolean;
  selected: string;
  onClose(): void;
  onSelect(picture: string): void;
}

/**
 * Dialog with the built-in avatars, one radio each (arrow keys move between them), and a file input
 * to upload a picture instead. Picking an avatar or finishing an upload closes it.
 */
export function AvatarPicker({ opened, selected, onClose, onSelect }: AvatarPickerProps) {
  const choose = (picture: string) => {
    onSelect(picture);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Choose an Avatar" centered size="md">
      <Stack gap="lg">
        <Radio.Group
          name="built-in-avatar"
          label="Built-in avatars"
          value={BUILT_IN_AVATARS.includes(selected) ? selected : null}
          onChange={choose}
        >
          <SimpleGrid cols={4} spacing="md" mt="xs">
            {BUILT_IN_AVATARS.map((picture, index) => (
              <Radio.Card
                key={picture}
                value={picture}
                aria-label={`Avatar ${index + 1}`}
                radius="50%"
                withBorder={false}
                // A click on the one already chosen closes the dialog too (a radio group's change would not fire).
                onClick={() => picture === selected && onClose()}
                style={{ justifySelf: 'center', width: 'auto', borderRadius: '50%' }}
              >
                <Avatar
                  src={picture}
                  alt=""
                  size={64}
                  radius="xl"
                  style={{
                    outline:
                      picture === selected ? '3px solid var(--mantine-color-pitch-filled)' : '3px solid transparent',
                    outlineOffset: 2,
                  }}
                />
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Divider label="or" labelPosition="center" />
        <PictureUpload
          label="Upload a picture"
          description={PICTURE_UPLOAD_HINT}
          value=""
          onChange={(picture) => picture && choose(picture)}
        />
      </Stack>
    </Modal>
  );
}
