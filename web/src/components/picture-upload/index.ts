/** A file input that uploads a picture to the app (a field's photo, a user's avatar). */
export { PictureUpload } from './picture-upload';
