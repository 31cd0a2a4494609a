import { Center } from '@mantine/core';
import type { ReactNode } from 'react';

/** The square of brand colour a profile or dashboard card opens with, holding its icon (decorative). */
export function IconTile({ children }: { children: ReactNode }) {
  return (
    <Center w={44} h={44} bg="pitch.0" c="pitch.8" style={{ borderRadius: 'var(--mantine-radius-md)', flex: 'none' }}>
      {children}
    </Center>
  );
}
