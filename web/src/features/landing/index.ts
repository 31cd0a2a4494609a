/** The landing feature's public surface: the landing page. */
export { LandingPage } from './landing-page';
