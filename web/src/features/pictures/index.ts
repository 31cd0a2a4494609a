/** The pictures feature's public surface: a file input that uploads a picture to the app. */
export { PictureUpload } from './picture-upload';
