import { useMutation } from '@tanstack/react-query';
import { UPLOAD_PICTURE_PATH, type UploadedPicture } from '@playtime/shared/contract/pictures';
import { apiPostFile } from '../../../lib/api-client';

/** POST /api/upload-picture. The caller shows a refusal beside its file input, so it is not also a toast. */
export function useUploadPicture() {
  return useMutation({
    mutationFn: (file: File) => apiPostFile<UploadedPicture>(UPLOAD_PICTURE_PATH, file),
    meta: { silent: true },
  });
}
