/** The landing feature's public surface: the landing page, loaded on its own (the server names its code beside the entry). */
export const loadLandingPage = () => import('./landing-page');
