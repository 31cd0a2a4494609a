/** The dialog frames lazy-dialogs.tsx loads on first use: one module, so both share one chunk. */
export { Drawer, Modal } from '@mantine/core';
