/** The landing feature's public surface: the landing page and the public configuration it reads. */
export { LandingPage } from './landing-page';
export { usePublicConfig } from './use-public-config';
