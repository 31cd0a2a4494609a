import { Avatar, Modal, SimpleGrid, UnstyledButton } from '@mantine/core';
import { PRESET_AVATARS } from './avatars';

interface AvatarPickerProps {
  opened: boolean;
  selected: string;
  onClose(): void;
  onSelect(picture: string): void;
}

/** Dialog with the 16 preset avatars; picking one closes it. */
export function AvatarPicker({ opened, selected, onClose, onSelect }: AvatarPickerProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Choose an Avatar" centered size="md">
      <SimpleGrid cols={4} spacing="md">
        {PRESET_AVATARS.map((picture, index) => {
          const isSelected = picture === selected;
          return (
            <UnstyledButton
              key={picture}
              onClick={() => {
                onSelect(picture);
                onClose();
              }}
              aria-label={`Avatar ${index + 1}`}
              aria-pressed={isSelected}
              style={{ justifySelf: 'center', borderRadius: '50%' }}
            >
              <Avatar
                src={picture}
                size={64}
                radius="xl"
                style={{
                  outline: isSelected ? '3px solid var(--mantine-color-pitch-filled)' : '3px solid transparent',
                  outlineOffset: 2,
                }}
              />
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Modal>
  );
}
