import { Button, FileInput, Group, Image, Loader, Stack } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { PICTURE_FILE_TYPES, PICTURE_MAX_BYTES, PICTURE_REFUSALS } from '@playtime/shared/contract/pictures';
import { useState } from 'react';
import { errorMessage } from '../../lib/notify';
import { useUploadPicture } from './api/upload-picture';

interface PictureUploadProps {
  label: string;
  description?: string;
  /** The picture's address on the app, or '' for none. */
  value: string;
  onChange(picture: string): void;
  /** A refusal from the form the picture belongs to (e.g. the server refused the address). */
  error?: string;
  /** The preview's text for a screen reader; no preview is shown when absent (the caller shows one). */
  previewAlt?: string;
  /** The Remove button's name, e.g. 'Remove the picture'; none when absent. */
  removeLabel?: string;
}

/**
 * A file input that uploads the picked image at once (POST /api/upload-picture) and hands back the
 * app's address of the re-encoded picture. A file over the size limit is refused before it is sent;
 * anything else the server refuses is shown beside the input in the server's words.
 */
export function PictureUpload({
  label,
  description,
  value,
  onChange,
  error,
  previewAlt,
  removeLabel,
}: PictureUploadProps) {
  const upload = useUploadPicture();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const pick = (picked: File | null) => {
    setFile(picked);
    setRefusal(null);
    if (!picked) return;
    if (picked.size > PICTURE_MAX_BYTES) {
      setRefusal(PICTURE_REFUSALS.too_large);
      return;
    }
    upload.mutate(picked, {
      onSuccess: (uploaded) => onChange(uploaded.url),
      onError: (failure) => setRefusal(errorMessage(failure)),
    });
  };

  return (
    <Stack gap="xs">
      <FileInput
        label={label}
        description={description}
        placeholder={value ? 'Choose another photo' : 'Choose a photo'}
        accept={PICTURE_FILE_TYPES}
        // The picked file's name stays while it is sent, refused or in use; a form reset (value '') clears it.
        value={value || refusal || upload.isPending ? file : null}
        onChange={pick}
        error={refusal ?? error}
        disabled={upload.isPending}
        leftSection={upload.isPending ? <Loader size={16} /> : <IconPhotoUp size={18} />}
        leftSectionPointerEvents="none"
        // Mantine's placeholder grey reads at 2:1 on white; the theme's dimmed grey reaches 4.5:1.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      />
      {previewAlt && value && <Image src={value} alt={previewAlt} h={120} w={180} fit="cover" radius="md" />}
      {removeLabel && value && (
        <Group>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} />}
            onClick={() => {
              setFile(null);
              setRefusal(null);
              onChange('');
            }}
          >
            {removeLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
